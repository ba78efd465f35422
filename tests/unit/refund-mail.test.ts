// The family's e-mail after a refund (decision 131), built in one function so the durable mail
// queue can take it over: one message per address, the amount, the district day and how the money
// went back, the district's name.
import { describe, expect, it } from "vitest";
import { refundMail } from "../../district-api/services/office-refunds";

describe("refundMail", () => {
  it("writes one message per address with the amount, the district day and how", () => {
    const mails = refundMail(
      { districtName: "Springfield Schools", timeZone: "America/Chicago" },
      { to: ["a@example.org", "b@example.org"], name: "Ada", confirmation: "C0000042" },
      {
        amountCents: 1550,
        // 03:00 UTC on the 27th is still the 26th in Chicago.
        settledAt: new Date("2026-11-27T03:00:00Z"),
        method: "card",
        reason: "Class moved",
      },
    );
    expect(mails.map((m) => m.to)).toEqual(["a@example.org", "b@example.org"]);
    expect(mails[0]!.subject).toBe("Your refund from Springfield Schools");
    expect(mails[0]!.text).toContain("Hello Ada,");
    expect(mails[0]!.text).toContain("refunded $15.50 of your payment C0000042 on Nov 26, 2026");
    expect(mails[0]!.text).toContain("back to the card");
    expect(mails[0]!.text).toContain("Reason: Class moved");
    // The same message in HTML, with the district's name, for the mail queue (decision 130).
    expect(mails[0]!.kind).toBe("refund");
    expect(mails[0]!.html).toContain('<h1 style="font-size:20px">Springfield Schools</h1>');
    expect(mails[0]!.html).toContain("Reason: Class moved");
  });

  it("says cash or check for money given back by hand", () => {
    const family = { to: ["a@example.org"], name: "Ada", confirmation: "7" };
    const at = new Date("2026-11-26T15:00:00Z");
    const d = { districtName: "D", timeZone: "America/Chicago" };
    const base = { amountCents: 100, settledAt: at, reason: null };
    expect(refundMail(d, family, { ...base, method: "cash" })[0]!.text).toContain("in cash");
    expect(refundMail(d, family, { ...base, method: "check" })[0]!.text).toContain("by check");
  });
});
