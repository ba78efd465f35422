// Client-side validation arrives when the person starts on a form (decision 093): the first load
// carries neither zod nor the form's schema (useZodForm imports them on the form's first focus),
// and a field left before they arrive is still checked in the browser by conform, without a post.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page, Request } from "playwright-core";
import { startTestApp, type TestApp } from "../support/browser";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function jsPage(): Promise<{ page: Page; scripts: string[]; posts: Request[] }> {
  const ctx = await app.newContext({ js: true });
  const page = await ctx.newPage();
  const scripts: string[] = [];
  const posts: Request[] = [];
  page.on("response", (res) => {
    if (res.request().resourceType() === "script") scripts.push(res.url());
  });
  page.on("request", (req) => {
    if (req.method() === "POST") posts.push(req);
  });
  return { page, scripts, posts };
}

/** Whether one of the scripts loaded so far holds zod (its error map names ZodError). */
async function zodLoaded(page: Page, scripts: string[]): Promise<boolean> {
  for (const url of scripts) {
    const body = await page.request.get(url).then((r) => r.text());
    if (body.includes("invalid_type_error")) return true;
  }
  return false;
}

describe("validation loaded on first use", () => {
  it.each([
    ["/signin", "Student or Community Member ID Number", "is required"],
    ["/register-community-member", "First Name", "First Name is required"],
  ])(
    "%s: no zod on first load; a field left empty is checked without a post",
    async (path, label, error) => {
      const { page, scripts, posts } = await jsPage();
      await page.goto(path, { waitUntil: "networkidle" });
      expect(await zodLoaded(page, scripts)).toBe(false);

      // Leave the field at once: the schema may still be on its way, and the check must follow.
      const field = page.getByLabel(label, { exact: true });
      await field.focus();
      await field.blur();
      await expect.poll(() => field.getAttribute("aria-invalid"), { timeout: 10_000 }).toBe("true");
      await expect
        .poll(() => page.getByText(error).first().isVisible(), { timeout: 5_000 })
        .toBe(true);
      expect(await zodLoaded(page, scripts)).toBe(true);
      expect(posts).toHaveLength(0);
    },
  );
});
