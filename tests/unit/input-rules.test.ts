// The text guard every district API call runs before its schema (district-api/http/kit.ts).
import { describe, expect, it } from "vitest";
import { findControlCharacter } from "@domain/rules/input";

describe("findControlCharacter", () => {
  it("names the path of a NUL, a control character or half of a surrogate pair", () => {
    expect(findControlCharacter({ name: "a\u0000b" })).toEqual(["name"]);
    expect(findControlCharacter({ list: ["ok", "x\u001Fy"] })).toEqual(["list", 1]);
    expect(findControlCharacter({ reason: "\uD800" })).toEqual(["reason"]);
    expect(findControlCharacter({ reason: "a\uDC00" })).toEqual(["reason"]);
  });
  it("lets through tabs, line breaks and whole characters outside the basic plane", () => {
    expect(findControlCharacter({ text: "one\ttwo\r\nthree" })).toBeNull();
    expect(findControlCharacter({ name: "Zoë 😀 名前" })).toBeNull();
  });
});

describe("findControlCharacter on hostile shapes", () => {
  it("walks a body nested 100,000 deep without overflowing the stack, and names the path", () => {
    let deep: unknown = "a\u0000b";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const path = findControlCharacter({ x: deep });
    expect(path?.length).toBe(100_001);
    expect(path?.[0]).toBe("x");
    expect(path?.[1]).toBe(0);
  });
  it("names a key holding a control character, and the first bad value in document order", () => {
    expect(findControlCharacter({ ok: ["a", { "k\u0001": 1 }] })).toEqual(["ok", 1, "k\u0001"]);
    expect(findControlCharacter({ a: ["x", "y\u0002"], b: "\u0003" })).toEqual(["a", 1]);
  });
});
