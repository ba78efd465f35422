// Posted field names checked against the form's schema before conform builds from them
// (decision 134).
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { refusedFieldName, LIST_MAX_DEFAULT, UNKNOWN_NAMES_MAX } from "@domain/forms/field-names";
import { RegisterMemberForm, MAX_GUARDIANS } from "@domain/forms/community";
import { StudentSigninForm } from "@domain/forms/signin";
import { feeRequestSchema } from "@domain/forms/fee-request";

const pairs = (...names: string[]) => names.map((n) => [n, "x"] as [string, string]);

describe("refusedFieldName", () => {
  it("reads names of Object.prototype's own (__proto__, constructor) as names the form does not know", () => {
    for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      expect(refusedFieldName(pairs(name, name, "dob"), StudentSigninForm)).toBeNull();
      expect(refusedFieldName(pairs(`${name}[0]`), StudentSigninForm)).toBe(`${name}[0]`);
      expect(refusedFieldName(pairs(`${name}.polluted`), StudentSigninForm)).toBe(
        `${name}.polluted`,
      );
    }
  });

  it("refuses a list index beyond the list's maximum, and lets up to one past it through", () => {
    expect(
      refusedFieldName(pairs("nameFirst", "guardians[9999].nameFirst"), RegisterMemberForm),
    ).toBe("guardians[9999].nameFirst");
    expect(refusedFieldName(pairs("guardians[1].nameFirst"), RegisterMemberForm)).toBeNull();
    expect(
      refusedFieldName(pairs(`guardians[${MAX_GUARDIANS}].phone1`), RegisterMemberForm),
    ).toBeNull();
    expect(
      refusedFieldName(pairs(`guardians[${MAX_GUARDIANS + 1}].phone1`), RegisterMemberForm),
    ).toBe(`guardians[${MAX_GUARDIANS + 1}].phone1`);
  });

  it("refuses structured names the form does not define, and names below a plain field", () => {
    expect(refusedFieldName(pairs("studentId", "a[100000000]"), StudentSigninForm)).toBe(
      "a[100000000]",
    );
    expect(refusedFieldName(pairs("a[2147483648]"), StudentSigninForm)).toBe("a[2147483648]");
    expect(refusedFieldName(pairs("studentId[0]"), StudentSigninForm)).toBe("studentId[0]");
    expect(refusedFieldName(pairs(`${"a.".repeat(2_000)}b`), StudentSigninForm)).not.toBeNull();
    expect(refusedFieldName(pairs("guardians[0].nameFirst.x"), RegisterMemberForm)).toBe(
      "guardians[0].nameFirst.x",
    );
  });

  it("lets a plain unknown name and a name conform does not read through", () => {
    expect(
      refusedFieldName(pairs("studentId", "dob", "intent", "x", "a]b", ""), StudentSigninForm),
    ).toBeNull();
  });

  it("refuses more plain unknown names than a page reads beside its schema", () => {
    const names = Array.from({ length: UNKNOWN_NAMES_MAX + 1 }, (_v, i) => `u${i}`);
    expect(refusedFieldName(pairs("studentId", ...names), StudentSigninForm)).toBe(
      `u${UNKNOWN_NAMES_MAX}`,
    );
    expect(refusedFieldName(pairs("studentId", ...names.slice(1)), StudentSigninForm)).toBeNull();
  });

  it("checks where a list intent writes", () => {
    const intent = (payload: object) =>
      [["__intent__", JSON.stringify({ type: "update", payload })]] as [string, string][];
    expect(
      refusedFieldName(intent({ name: "guardians", index: 100_000_000 }), RegisterMemberForm),
    ).toBe("guardians[100000000]");
    expect(refusedFieldName(intent({ name: "a[100000000]" }), RegisterMemberForm)).toBe(
      "a[100000000]",
    );
    expect(
      refusedFieldName(intent({ name: "guardians", index: 2 }), RegisterMemberForm),
    ).toBeNull();
    const insert = [["__intent__", '{"type":"insert","payload":{"name":"guardians"}}']] as [
      string,
      string,
    ][];
    expect(refusedFieldName(insert, RegisterMemberForm)).toBeNull();
    expect(refusedFieldName([["__intent__", "x".repeat(5_000)]], RegisterMemberForm)).toBe(
      "__intent__",
    );
  });

  it("refuses a name posted more often than its list may hold", () => {
    const many = (name: string, n: number) =>
      Array.from({ length: n }, () => [name, "1"] as [string, string]);
    expect(refusedFieldName(many("studentId", LIST_MAX_DEFAULT + 1), StudentSigninForm)).toBe(
      "studentId",
    );
    expect(refusedFieldName(many("studentId", 3), StudentSigninForm)).toBeNull();
    const ids = z.object({ ids: z.array(z.string()).max(5) });
    expect(refusedFieldName(many("ids", 6), ids)).toBeNull();
    expect(refusedFieldName(many("ids", 7), ids)).toBe("ids");
  });

  it("lets the fee request form's own lists through (sponsors, questions)", () => {
    const schema = feeRequestSchema({ now: new Date(), timeZone: "America/Chicago" });
    expect(
      refusedFieldName(
        pairs(
          "name",
          "sponsors[0].id",
          "sponsors[0].name",
          "questions[3].question",
          "questions[3].sortOrder",
        ),
        schema,
      ),
    ).toBeNull();
  });
});
