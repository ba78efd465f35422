// The mailbox an address delivers to, for the per-recipient limit (decision 137).
import { describe, expect, it } from "vitest";
import { mailboxOf } from "../../domain/rules/public-limits";

describe("mailboxOf", () => {
  it("counts one inbox once, however its address is written", () => {
    const one = mailboxOf("Parent@Example.org");
    for (const a of [" parent@example.org ", "parent+1@example.org", "PARENT+refund@EXAMPLE.ORG"]) {
      expect(mailboxOf(a)).toBe(one);
    }
    expect(mailboxOf("first.last+x@googlemail.com")).toBe(mailboxOf("firstlast@gmail.com"));
  });

  it("keeps different inboxes apart", () => {
    expect(mailboxOf("first.last@example.org")).not.toBe(mailboxOf("firstlast@example.org"));
    expect(mailboxOf("a@example.org")).not.toBe(mailboxOf("b@example.org"));
    expect(mailboxOf("a@example.org")).not.toBe(mailboxOf("a@example.com"));
  });
});
