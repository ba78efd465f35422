// Form schemas of the sign-in screens (spec 01 §5): every message, as conform parses a post.
import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod";
import { GuestForm, RecoverForm, StaffSigninForm, StudentSigninForm } from "@domain/forms/signin";
import { t } from "@domain/messages";

function post(fields: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
}

function errorsOf(
  schema: Parameters<typeof parseWithZod>[1]["schema"],
  fields: Record<string, string>,
) {
  const s = parseWithZod(post(fields), { schema });
  return s.status === "success" ? null : (s.reply().error ?? {});
}

describe("student login form", () => {
  const FORMAT = "must be formatted MM/DD/YYYY";

  it("uses the spec's exact wording for the birth date", () => {
    expect(t("signin.dobFormat")).toBe(FORMAT);
  });

  it.each([
    ["01/15/2012", "2012-01-15"],
    ["12/31/1999", "1999-12-31"],
    ["02/29/2012", "2012-02-29"],
    // As a phone keypad or a hurried parent types it (decision 143).
    ["01152012", "2012-01-15"],
    ["1/15/2012", "2012-01-15"],
    ["01/5/2012", "2012-01-05"],
    ["01-15-2012", "2012-01-15"],
  ])("accepts %s", (dob) => {
    const s = parseWithZod(post({ studentId: "100001", dob }), { schema: StudentSigninForm });
    expect(s.status).toBe("success");
  });

  it.each([
    ["", "blank"],
    ["01/15/12", "two-digit year"],
    ["2012-01-15", "ISO form"],
    ["01/15-2012", "mixed separators"],
    ["1152012", "seven digits"],
    ["01/15/2012x", "trailing text"],
    ["13/01/2012", "month 13"],
    ["00/10/2012", "month 0"],
    ["01/00/2012", "day 0"],
    ["02/30/2012", "February 30"],
    ["02/29/2013", "February 29 in a common year"],
    ["04/31/2012", "April 31"],
    ["01/15/2099", "a future date"],
    ["abc", "letters"],
  ])("refuses %s (%s) with the MM/DD/YYYY message", (dob) => {
    const errors = errorsOf(StudentSigninForm, { studentId: "100001", dob });
    expect(errors?.dob).toEqual([FORMAT]);
  });

  it("refuses today's date: the birth date must be in the past", () => {
    const now = new Date();
    const today = `${String(now.getUTCMonth() + 1).padStart(2, "0")}/${String(now.getUTCDate()).padStart(2, "0")}/${now.getUTCFullYear()}`;
    expect(errorsOf(StudentSigninForm, { studentId: "100001", dob: today })?.dob).toEqual([FORMAT]);
  });

  it("asks for the ID when it is missing", () => {
    const errors = errorsOf(StudentSigninForm, { studentId: "", dob: "01/15/2012" });
    expect(errors?.studentId).toEqual([t("signin.studentIdRequired")]);
  });

  it("keeps the ID a string (leading zeros are not lost)", () => {
    const s = parseWithZod(post({ studentId: "00123", dob: "01/15/2012" }), {
      schema: StudentSigninForm,
    });
    expect(s.status === "success" && s.value.studentId).toBe("00123");
  });
});

describe("staff login form", () => {
  it.each([
    [{ username: "", password: "" }],
    [{}],
    [{ username: "a", password: "b" }],
    [{ username: "instructor", password: "instructor-demo" }],
  ])("has no minimum: %j is accepted", (fields) => {
    const s = parseWithZod(post(fields as Record<string, string>), { schema: StaffSigninForm });
    expect(s.status).toBe("success");
    if (s.status === "success") {
      expect(typeof s.value.username).toBe("string");
      expect(typeof s.value.password).toBe("string");
    }
  });

  it("caps absurdly long input", () => {
    const errors = errorsOf(StaffSigninForm, { username: "x".repeat(101), password: "p" });
    expect(errors?.username).toBeDefined();
  });
});

describe("recover-ID form", () => {
  it.each(["parent100001@example.org", "  Parent@Example.org  "])("accepts %s", (email) => {
    const s = parseWithZod(post({ kind: "student", email }), { schema: RecoverForm });
    expect(s.status).toBe("success");
  });

  it.each(["", "parent", "parent@", "@example.org", "a b@example.org"])(
    "refuses %j with the e-mail message",
    (email) => {
      const errors = errorsOf(RecoverForm, { kind: "member", email });
      expect(errors?.email).toEqual([t("recover.emailInvalid")]);
    },
  );

  it("only knows the two kinds of ID", () => {
    const errors = errorsOf(RecoverForm, { kind: "staff", email: "a@example.org" });
    expect(errors?.kind).toBeDefined();
  });
});

describe("guest form", () => {
  const good = { nameFirst: "Gail", nameLast: "Guest", email: "gail@example.org" };

  it("accepts a name and a valid e-mail, with or without a category", () => {
    expect(parseWithZod(post(good), { schema: GuestForm }).status).toBe("success");
    const s = parseWithZod(post({ ...good, category: "Athletics" }), { schema: GuestForm });
    expect(s.status === "success" && s.value.category).toBe("Athletics");
  });

  it.each(["", "gail", "gail@", "gail@example"])("refuses the e-mail %j", (email) => {
    expect(errorsOf(GuestForm, { ...good, email })?.email).toEqual([t("guest.emailInvalid")]);
  });

  it("requires the first and last name with the spec's texts", () => {
    const errors = errorsOf(GuestForm, { ...good, nameFirst: "", nameLast: "  " });
    expect(errors?.nameFirst).toEqual(["First Name is required"]);
    expect(errors?.nameLast).toEqual(["Last Name is required"]);
  });

  it("drops a category of 30 characters or more", () => {
    expect(errorsOf(GuestForm, { ...good, category: "c".repeat(30) })?.category).toBeDefined();
  });
});
