// Every rule and message of spec 01 §5 for the community member and guardian forms.
import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod";
import {
  GuardianSchema,
  normalizeUsPhone,
  formatUsPhone,
  ProfileForm,
  RegisterMemberForm,
} from "@domain/forms/community";
import { RegisterMemberRequest } from "@domain/contract/community";
import { US_STATES, isUsState } from "@domain/rules/us-states";

const guardian = (o: Record<string, unknown> = {}) => ({
  nameFirst: "Ann",
  nameLast: "Lee",
  relationship: "Mother",
  phone1: "(555) 555-0100",
  phone1Type: "Home",
  ...o,
});

const valid = (o: Record<string, unknown> = {}) => ({
  nameFirst: "Pat",
  nameLast: "Doe",
  dob: "05/17/1990",
  grade: "Adult",
  gender: "F",
  address: "1 Elm St",
  city: "Springfield",
  state: "Illinois",
  zip: "62701",
  homePhone: "555-555-0123",
  email: "pat@example.org",
  printedSignature: "Pat Doe",
  signatureTyped: "Pat Doe",
  guardians: [guardian(), guardian({ nameFirst: "Bo" })],
  ...o,
});

/** Messages by field path, as conform shows them. */
function errors(input: Record<string, unknown>, schema = RegisterMemberForm) {
  const r = schema.safeParse(input);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const i of r.error.issues) (out[i.path.join(".")] ??= []).push(i.message);
  return out;
}

describe("community member form", () => {
  it("accepts a complete registration and normalises it", () => {
    const r = RegisterMemberForm.safeParse(valid());
    expect(r.success).toBe(true);
    if (!r.success) return;
    expect(r.data.dob).toBe("1990-05-17");
    expect(r.data.homePhone).toBe("+15555550123");
    expect(r.data.guardians[0]!.phone1).toBe("+15555550100");
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ["first name missing", { nameFirst: undefined }, "nameFirst", "First Name is required"],
    ["first name blank", { nameFirst: "  " }, "nameFirst", "First Name is required"],
    ["last name missing", { nameLast: undefined }, "nameLast", "Last Name is required"],
    ["last name blank", { nameLast: "" }, "nameLast", "Last Name is required"],
    ["script in a name", { nameFirst: "<script>" }, "nameFirst", "Names may not contain < or >."],
    ["grade missing", { grade: undefined }, "grade", "Please select a Grade"],
    ["grade not an option", { grade: "13" }, "grade", "Please select a Grade"],
    ["gender missing", { gender: undefined }, "gender", "Please select a Gender"],
    ["gender not M or F", { gender: "X" }, "gender", "Please select a Gender"],
    ["birth date missing", { dob: undefined }, "dob", "must be formatted MM/DD/YYYY"],
    ["birth date ISO", { dob: "1990-05-17" }, "dob", "must be formatted MM/DD/YYYY"],
    ["birth date not real", { dob: "02/30/1990" }, "dob", "must be formatted MM/DD/YYYY"],
    ["birth date in the future", { dob: "01/01/2999" }, "dob", "must be formatted MM/DD/YYYY"],
    ["e-mail invalid", { email: "pat@" }, "email", "Email must be valid."],
    ["e-mail missing", { email: undefined }, "email", "Email must be valid."],
    ["state abbreviation", { state: "IL" }, "state", "Invalid state."],
    ["not a state", { state: "Puerto Rico" }, "state", "Invalid state."],
    ["state missing", { state: undefined }, "state", "Invalid state."],
    ["zip 4 digits", { zip: "6270" }, "zip", "Invalid postal code."],
    ["zip letters", { zip: "6270A" }, "zip", "Invalid postal code."],
    ["zip bad extension", { zip: "62701-12" }, "zip", "Invalid postal code."],
    ["home phone short", { homePhone: "555-0100" }, "homePhone", "Must be a full US phone number"],
    [
      "home phone foreign",
      { homePhone: "+44 20 7946 0958" },
      "homePhone",
      "Must be a full US phone number",
    ],
    ["home phone missing", { homePhone: undefined }, "homePhone", "Must be a full US phone number"],
    ["no signature", { signatureTyped: undefined }, "digitalSignature", "Signature is required"],
    [
      "no guardians",
      { guardians: undefined },
      "guardians",
      "You must have at least two guardians.",
    ],
    [
      "one guardian",
      { guardians: [guardian()] },
      "guardians",
      "You must have at least two guardians.",
    ],
    [
      "guardian first name",
      { guardians: [guardian({ nameFirst: "" }), guardian()] },
      "guardians.0.nameFirst",
      "First Name is required",
    ],
    [
      "guardian last name",
      { guardians: [guardian(), guardian({ nameLast: undefined })] },
      "guardians.1.nameLast",
      "Last Name is required",
    ],
    [
      "guardian relationship",
      { guardians: [guardian({ relationship: "Aunt" }), guardian()] },
      "guardians.0.relationship",
      "Please select a Relationship",
    ],
    [
      "Other without text",
      { guardians: [guardian({ relationship: "Other" }), guardian()] },
      "guardians.0.relationshipOther",
      "You must enter Relationship Other when Relationship is Other.",
    ],
    [
      "phone 1 missing",
      { guardians: [guardian({ phone1: undefined }), guardian()] },
      "guardians.0.phone1",
      "Must be a full US phone number",
    ],
    [
      "phone 1 not US",
      { guardians: [guardian({ phone1: "12345" }), guardian()] },
      "guardians.0.phone1",
      "Must be a full US phone number",
    ],
    [
      "phone 1 type missing",
      { guardians: [guardian({ phone1Type: undefined }), guardian()] },
      "guardians.0.phone1Type",
      "You must select a phone type",
    ],
    [
      "phone 1 type not an option",
      { guardians: [guardian({ phone1Type: "Pager" }), guardian()] },
      "guardians.0.phone1Type",
      "You must select a phone type",
    ],
    [
      "phone 2 without type",
      { guardians: [guardian({ phone2: "5555550111" }), guardian()] },
      "guardians.0.phone2Type",
      "You must enter Phone 2 Type when Phone 2 is entered.",
    ],
    [
      "phone 2 not US",
      { guardians: [guardian({ phone2: "555", phone2Type: "Work" }), guardian()] },
      "guardians.0.phone2",
      "Must be a full US phone number",
    ],
    [
      "guardian e-mail",
      { guardians: [guardian({ email: "no" }), guardian()] },
      "guardians.0.email",
      "Email must be valid.",
    ],
  ];
  it.each(cases)("%s → %s", (_name, overrides, path, message) => {
    expect(errors(valid(overrides))[path]).toContain(message);
  });

  it("reports a conditional guardian rule even while other fields are wrong", () => {
    const e = errors(
      valid({
        nameFirst: "",
        guardians: [guardian({ relationship: "Other", nameLast: "" }), guardian()],
      }),
    );
    expect(e["guardians.0.relationshipOther"]).toEqual([
      "You must enter Relationship Other when Relationship is Other.",
    ]);
    expect(e.nameFirst).toEqual(["First Name is required"]);
  });

  it("accepts the optional parts when given properly", () => {
    const r = RegisterMemberForm.safeParse(
      valid({
        zip: "62701-1234",
        guardians: [
          guardian({
            relationship: "Other",
            relationshipOther: "Aunt",
            phone2: "555.555.0199",
            phone2Type: "Work",
            email: "a@b.org",
          }),
          guardian({ phone2: "", phone2Type: "", email: "" }),
        ],
      }),
    );
    expect(r.success).toBe(true);
    if (r.success) {
      expect(r.data.guardians[0]).toMatchObject({
        relationshipOther: "Aunt",
        phone2: "+15555550199",
      });
      expect(r.data.guardians[1]!.phone2).toBeUndefined();
    }
  });

  it("drops 'Other' text unless the relationship is Other", () => {
    const g = GuardianSchema.parse(guardian({ relationshipOther: "Aunt" }));
    expect(g.relationshipOther).toBeUndefined();
  });

  it("accepts each way of giving the signature, and the profile needs none", () => {
    expect(
      RegisterMemberForm.safeParse(
        valid({ signatureTyped: undefined, digitalSignature: "data:image/png;base64,iVBOR" }),
      ).success,
    ).toBe(true);
    expect(
      RegisterMemberForm.safeParse(
        valid({
          signatureTyped: undefined,
          signatureFile: new File([new Uint8Array([1])], "s.png"),
        }),
      ).success,
    ).toBe(true);
    expect(
      errors(valid({ signatureTyped: undefined, signatureFile: new File([], "") }))
        .digitalSignature,
    ).toEqual(["Signature is required"]);
    expect(ProfileForm.safeParse(valid({ signatureTyped: undefined })).success).toBe(true);
  });

  it("works through conform: blank controls are missing values with the same messages", () => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(valid({ guardians: undefined }))) fd.set(k, String(v));
    fd.set("nameFirst", "");
    fd.set("guardians[0].nameFirst", "Ann");
    const s = parseWithZod(fd, { schema: RegisterMemberForm });
    expect(s.status).toBe("error");
    const reply = s.reply();
    expect(reply.error?.nameFirst).toEqual(["First Name is required"]);
    expect(reply.error?.guardians).toEqual(["You must have at least two guardians."]);
    expect(reply.error?.["guardians[0].phone1Type"]).toEqual(["You must select a phone type"]);
  });
});

describe("cross-field rules show with every other error", () => {
  it("an empty form through conform reports signature, Other text and phone 2 type too", () => {
    const fd = new FormData();
    fd.set("nameFirst", "");
    fd.set("digitalSignature", "");
    fd.set("signatureTyped", "");
    fd.set("signatureFile", new File([], ""));
    fd.set("guardians[0].relationship", "Other");
    fd.set("guardians[0].phone2", "5555550111");
    fd.set("guardians[1].nameFirst", "");
    const reply = parseWithZod(fd, { schema: RegisterMemberForm }).reply();
    expect(reply.error?.digitalSignature).toEqual(["Signature is required"]);
    expect(reply.error?.["guardians[0].relationshipOther"]).toEqual([
      "You must enter Relationship Other when Relationship is Other.",
    ]);
    expect(reply.error?.["guardians[0].phone2Type"]).toEqual([
      "You must enter Phone 2 Type when Phone 2 is entered.",
    ]);
    expect(reply.error?.nameFirst).toEqual(["First Name is required"]);
    expect(reply.error?.["guardians[1].phone1"]).toEqual(["Must be a full US phone number"]);
  });
});

describe("wire contract", () => {
  it("takes the birth date as YYYY-MM-DD", () => {
    // The typed signature is the form's; the wire carries the drawn PNG only (strict, decision 134).
    const { signatureTyped: _typed, ...fields } = valid();
    const body = { ...fields, dob: "1990-05-17", digitalSignature: "data:image/png;base64,AAAA" };
    expect(RegisterMemberRequest.safeParse(body).success).toBe(true);
    const bad = RegisterMemberRequest.safeParse({ ...body, dob: "05/17/1990" });
    expect(bad.success).toBe(false);
  });
});

describe("US phone numbers", () => {
  it.each([
    ["(555) 555-0100", "+15555550100"],
    ["555-555-0100", "+15555550100"],
    ["555.555.0100", "+15555550100"],
    ["5555550100", "+15555550100"],
    ["+1 555 555 0100", "+15555550100"],
    ["1-555-555-0100", "+15555550100"],
    ["+15555550100", "+15555550100"],
    ["555-0100", null],
    ["055-555-0100", null],
    ["555-055-0100", null],
    ["+44 555 555 0100", null],
    ["555-555-0100 x12", null],
    ["", null],
  ])("%s → %s", (input, expected) => {
    expect(normalizeUsPhone(input)).toBe(expected);
  });
  it("formats for display", () => {
    expect(formatUsPhone("+15555550100")).toBe("(555) 555-0100");
    expect(formatUsPhone(null)).toBe("");
  });
});

describe("US states", () => {
  it("lists the 50 states and nothing else", () => {
    expect(US_STATES).toHaveLength(50);
    expect(new Set(US_STATES).size).toBe(50);
    expect(isUsState("Wyoming")).toBe(true);
    expect(isUsState("District of Columbia")).toBe(false);
    expect(isUsState("illinois")).toBe(false);
  });
});
