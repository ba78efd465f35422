// The mailbox code as a guest types it (decision 141).
import { describe, expect, it } from "vitest";
import { normaliseMailboxCode } from "@domain/rules/guest-mailbox";
import { deactivationNeedsConfirmation } from "@domain/imports/students";

describe("normaliseMailboxCode", () => {
  it("takes six digits, with spaces or dashes between them", () => {
    expect(normaliseMailboxCode("012345")).toBe("012345");
    expect(normaliseMailboxCode(" 012 345 ")).toBe("012345");
    expect(normaliseMailboxCode("012-345")).toBe("012345");
  });
  it("refuses anything else", () => {
    for (const typed of ["", "12345", "1234567", "12a456", "１２３４５６"]) {
      expect(normaliseMailboxCode(typed), typed).toBeNull();
    }
  });
});

describe("deactivationNeedsConfirmation", () => {
  it("asks above a tenth of the active students, not at or below it", () => {
    expect(deactivationNeedsConfirmation(38, 381)).toBe(false);
    expect(deactivationNeedsConfirmation(39, 381)).toBe(true);
    expect(deactivationNeedsConfirmation(353, 381)).toBe(true);
    expect(deactivationNeedsConfirmation(0, 0)).toBe(false);
    expect(deactivationNeedsConfirmation(1, 2)).toBe(true);
  });
});
