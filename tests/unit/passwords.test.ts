// Staff usernames cannot be told apart by timing (decision 136): an unknown name, or an account
// without a password yet, costs one scrypt comparison exactly like a wrong password does.
import type * as Crypto from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";

const derivations: { keylen: number }[] = [];
vi.mock("node:crypto", async (importOriginal) => {
  const real = await importOriginal<typeof Crypto>();
  const scrypt = ((...args: Parameters<typeof real.scrypt>) => {
    derivations.push({ keylen: args[2] as number });
    return (real.scrypt as (...a: unknown[]) => void)(...args);
  }) as typeof real.scrypt;
  return { ...real, default: { ...real, scrypt }, scrypt };
});

const { hashPassword, passwordMatches } = await import("../../district-api/services/passwords");

describe("comparing a staff password", () => {
  beforeEach(() => {
    derivations.length = 0;
  });

  it("derives one key of the same length for a known account, an unknown one and one without a password", async () => {
    const stored = await hashPassword("right-password");
    derivations.length = 0;
    expect(await passwordMatches("right-password", stored)).toBe(true);
    expect(await passwordMatches("wrong-password", stored)).toBe(false);
    const known = derivations.splice(0);
    expect(await passwordMatches("right-password", undefined)).toBe(false);
    expect(await passwordMatches("right-password", null)).toBe(false);
    expect(await passwordMatches("right-password", "")).toBe(false);
    const unknown = derivations.splice(0);
    expect(known).toHaveLength(2);
    expect(unknown).toHaveLength(3);
    expect(new Set([...known, ...unknown].map((d) => d.keylen))).toEqual(new Set([32]));
  });
});
