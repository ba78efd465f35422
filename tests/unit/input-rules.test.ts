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
