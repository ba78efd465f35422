// Instructions and other settings texts are markdown rendered to safe HTML on the server.
import { describe, expect, it } from "vitest";
import { markdownToSafeHtml } from "../../app/.server/markdown";

describe("markdownToSafeHtml", () => {
  it("renders headings, lists and emphasis", async () => {
    const html = await markdownToSafeHtml("## How to register\n\n1. Choose\n2. **Pay**");
    expect(html).toContain("<h2>How to register</h2>");
    expect(html).toContain("<ol>");
    expect(html).toContain("<strong>Pay</strong>");
  });

  it.each([
    ["<script>alert(1)</script>", /<script/i],
    ['<img src=x onerror="alert(1)">', /onerror/i],
    ["[click](javascript:alert(1))", /javascript:/i],
    ['<a href="https://x" onclick="alert(1)">x</a>', /onclick/i],
    ["<iframe src=https://evil.example></iframe>", /<iframe/i],
  ])("drops the dangerous part of %s", async (markdown, bad) => {
    expect(await markdownToSafeHtml(markdown)).not.toMatch(bad);
  });

  it("keeps ordinary links", async () => {
    expect(await markdownToSafeHtml("[Office](https://district.example.org)")).toContain(
      '<a href="https://district.example.org">Office</a>',
    );
  });
});
