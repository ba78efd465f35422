// The mail queue's pure parts (decision 130): the back-off between attempts, the addresses on
// file counted once, and receipts rendered to plain text and to HTML with every value escaped.
import { describe, expect, it } from "vitest";
import {
  distinctAddresses,
  participantOfOwner,
  retryDelayMs,
} from "../../district-api/services/mail-queue";
import { methodLabel, renderMail } from "../../district-api/services/receipts";

describe("the back-off", () => {
  it("doubles from 30 s and stops at one hour", () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(8)).toBe(3_600_000);
    expect(retryDelayMs(1000)).toBe(3_600_000);
    expect(retryDelayMs(2, { retryBaseMs: 10, retryCapMs: 15 })).toBe(15);
  });
});

describe("addresses", () => {
  it("are kept once whatever their case, without blanks or non-addresses", () => {
    expect(
      distinctAddresses(["A@x.org", " a@X.org ", null, "", "not an address", "b@x.org"]),
    ).toEqual(["A@x.org", "b@x.org"]);
  });

  it("an owner key names a participant only for students and community members", () => {
    expect(participantOfOwner("student:100001")).toBe(100001);
    expect(participantOfOwner("community_member:200001")).toBe(200001);
    expect(participantOfOwner("guest:5")).toBeNull();
    expect(participantOfOwner("student:1 or 1=1")).toBeNull();
  });
});

describe("a receipt", () => {
  it("has the same texts in plain text and HTML, the HTML escaped", () => {
    const { text, html } = renderMail({
      greeting: "Hello <Ann>,",
      paragraphs: ["Thank you & welcome."],
      rows: [["Amount", "$40.00"]],
      items: [['Pottery "A" (Ann Lee)', "$40.00"]],
      district: "Springfield <Schools>",
    });
    expect(text).toContain("Hello <Ann>,");
    expect(text).toContain("Amount: $40.00");
    expect(text).toContain('- Pottery "A" (Ann Lee): $40.00');
    expect(text).toContain("Springfield <Schools>");
    expect(html).toContain("Hello &#60;Ann&#62;,");
    expect(html).toContain("Thank you &#38; welcome.");
    expect(html).toContain("Pottery &#34;A&#34; (Ann Lee)");
    expect(html).not.toContain("<Schools>");
  });

  it("names each way of paying, and an unknown one as other", () => {
    expect(methodLabel("stripe")).toBe("Card (online)");
    expect(methodLabel("terminal")).toBe("Card (card reader)");
    expect(methodLabel("inPersonCheck")).toBe("Check (in person)");
    expect(methodLabel("something")).toBe("Other");
  });
});
