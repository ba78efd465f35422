import { describe, expect, it } from "vitest";
import {
  collectionWindow,
  feeRequestSchema,
  nextSortOrder,
  renumberAbove,
  renumberAfterDelete,
  searchEmployees,
} from "../../domain/forms/fee-request";
import { todayIn, zonedInstant } from "../../domain/rules/time";

// A fixed clock: 10:00 on 2030-03-10 in Chicago (15:00 UTC, daylight time since that morning).
const NOW = new Date("2030-03-10T15:00:00Z");
const TZ = "America/Chicago";
const schema = feeRequestSchema({ now: NOW, timeZone: TZ });

/** The form as posted: strings only, as conform hands them over. */
function formInput(over: Record<string, unknown> = {}) {
  return {
    name: "Band Trip",
    school: "1",
    year: "2",
    category: "3",
    approvalRoute: "4",
    type: "Optional",
    cost: "25.50",
    accountNumber: "10-1000",
    allowStudent: "on",
    collectionStart: "2030-03-10",
    collectionEnd: "2030-04-10",
    description: "A trip",
    otherInformation: "",
    sponsors: [{ id: "E1003", name: "Paula Proposer" }],
    requiresAdditionalInformation: "yes",
    questions: [
      { question: "Size?", responseType: "Value List", answerList: "S, M ,L", sortOrder: "1" },
      { question: "Agree", responseType: "Waiver", answerList: "", sortOrder: "2" },
    ],
    ...over,
  };
}

function errorsOf(input: unknown): Record<string, string[]> {
  const r = schema.safeParse(input);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const i of r.error.issues) (out[i.path.join(".")] ??= []).push(i.message);
  return out;
}

describe("fee request schema: a valid form", () => {
  it("parses form strings and normalises the values", () => {
    const r = schema.safeParse(formInput());
    expect(r.success).toBe(true);
    if (!r.success) return;
    expect(r.data).toMatchObject({
      feeRequestId: null,
      name: "Band Trip",
      school: 1,
      category: 3,
      cost: 25.5,
      costCents: 2550,
      allowStudent: true,
      allowGuest: false,
      accountNumber: "10-1000",
      requiresAdditionalInformation: true,
    });
    expect(r.data.questions[0]).toEqual({
      question: "Size?",
      responseType: "Value List",
      answerList: ["S", "M", "L"],
      sortOrder: 1,
    });
    // Start of day (CST, before the switch to daylight time that night) and 23:59:59 (CDT).
    expect(r.data.saleStart).toBe("2030-03-10T06:00:00.000Z");
    expect(r.data.saleEnd).toBe("2030-04-11T04:59:59.000Z");
  });

  it("parses the same request as JSON (the API's body)", () => {
    const r = schema.safeParse({
      ...formInput(),
      school: 1,
      year: 2,
      category: 3,
      approvalRoute: 4,
      cost: 25.5,
      allowStudent: true,
      requiresAdditionalInformation: true,
      questions: [
        { question: "Size?", responseType: "Value List", answerList: ["S", "M"], sortOrder: 1 },
      ],
    });
    expect(r.success).toBe(true);
  });
});

describe("fee request schema: every rule and message (spec 02 §5)", () => {
  it.each([
    ["name empty", { name: "" }, "name", "This field is required."],
    ["name blank", { name: "   " }, "name", "This field is required."],
    ["cost missing", { cost: "" }, "cost", "Required"],
    ["cost not a number", { cost: "abc" }, "cost", "Required"],
    ["cost below 1", { cost: "0.99" }, "cost", "Required"],
    ["cost negative", { cost: "-5" }, "cost", "Required"],
    [
      "cost with 3 decimals",
      { cost: "10.505" },
      "cost",
      "Cost can have at most 2 digits after the decimal point.",
    ],
    [
      "start in the past",
      { collectionStart: "2030-03-09" },
      "collectionStart",
      "Date must be in the future.",
    ],
    [
      "end in the past",
      { collectionStart: "2030-03-08", collectionEnd: "2030-03-09" },
      "collectionEnd",
      "Date must be in the future.",
    ],
    [
      "start after end",
      { collectionStart: "2030-03-20", collectionEnd: "2030-03-15" },
      "collectionStart",
      "Collection start date must be before collection end date",
    ],
    ["start missing", { collectionStart: "" }, "collectionStart", "This field is required."],
    [
      "start not a date",
      { collectionStart: "2030-02-30" },
      "collectionStart",
      "Enter a valid date.",
    ],
    ["no sponsors", { sponsors: [] }, "sponsors", "You must have at least one sponsor."],
    ["sponsors absent", { sponsors: undefined }, "sponsors", "You must have at least one sponsor."],
    [
      "Optional without category",
      { category: "" },
      "category",
      "Category is required when Type is set Optional",
    ],
    ["type missing", { type: "" }, "type", "This field is required."],
    ["school missing", { school: "" }, "school", "This field is required."],
    ["year missing", { year: "" }, "year", "This field is required."],
    ["approval route missing", { approvalRoute: "" }, "approvalRoute", "This field is required."],
    [
      "account number missing",
      { accountNumber: "" },
      "accountNumber",
      "Account Number required if not assigned by BO",
    ],
    [
      "yes without questions",
      { questions: [] },
      "questions",
      "There must be at least one question when Requires Additional Information is Yes.",
    ],
    [
      "question without text",
      { questions: [{ question: "", responseType: "Free Form", sortOrder: "1" }] },
      "questions.0.question",
      "This field is required.",
    ],
    [
      "question without response type",
      { questions: [{ question: "Q", responseType: "", sortOrder: "1" }] },
      "questions.0.responseType",
      "Response Type is required.",
    ],
    [
      "Value List without options",
      {
        questions: [
          { question: "Q", responseType: "Value List", answerList: " , ", sortOrder: "1" },
        ],
      },
      "questions.0.answerList",
      "Enter the options of the Value List separated by commas.",
    ],
    [
      "sort order not numeric",
      { questions: [{ question: "Q", responseType: "Free Form", sortOrder: "first" }] },
      "questions.0.sortOrder",
      "Sort Order must be a whole number of 1 or more.",
    ],
    [
      "duplicate sort orders",
      {
        questions: [
          { question: "A", responseType: "Free Form", sortOrder: "3" },
          { question: "B", responseType: "Free Form", sortOrder: "3" },
        ],
      },
      "questions.1.sortOrder",
      "Duplicate sortOrder: 3",
    ],
    [
      "two waivers",
      {
        questions: [
          { question: "A", responseType: "Waiver", sortOrder: "1" },
          { question: "B", responseType: "Waiver", sortOrder: "2" },
        ],
      },
      "questions.1.responseType",
      "You can only add one Waiver.",
    ],
  ])("%s", (_what, over, path, message) => {
    const errors = errorsOf(formInput(over));
    expect(errors[path]).toContain(message);
  });

  it("reports every problem at once", () => {
    const errors = errorsOf(
      formInput({
        name: "",
        cost: "",
        accountNumber: "",
        sponsors: [],
        collectionStart: "2000-01-01",
      }),
    );
    expect(Object.keys(errors).sort()).toEqual(
      ["accountNumber", "collectionStart", "cost", "name", "sponsors"].sort(),
    );
  });
});

describe("fee request schema: what clears what", () => {
  it.each([
    ["today", "2030-03-10", true],
    ["tomorrow", "2030-03-11", true],
    ["yesterday", "2030-03-09", false],
  ])("a start date of %s is allowed: %s", (_w, start, ok) => {
    expect(schema.safeParse(formInput({ collectionStart: start })).success).toBe(ok);
  });

  it("the same day for start and end is allowed (start of day is before 23:59:59)", () => {
    expect(
      schema.safeParse(formInput({ collectionStart: "2030-03-12", collectionEnd: "2030-03-12" }))
        .success,
    ).toBe(true);
  });

  it("dates are judged in the district's time zone, not UTC", () => {
    // 03:00 UTC on the 11th is still the 10th in Chicago: the 10th is today, not the past.
    const late = feeRequestSchema({ now: new Date("2030-03-11T03:00:00Z"), timeZone: TZ });
    expect(late.safeParse(formInput({ collectionStart: "2030-03-10" })).success).toBe(true);
    const next = feeRequestSchema({ now: new Date("2030-03-11T06:00:00Z"), timeZone: TZ });
    expect(next.safeParse(formInput({ collectionStart: "2030-03-10" })).success).toBe(false);
  });

  it.each(["Course", "Enrollment"])("type %s clears the category", (type) => {
    const r = schema.safeParse(formInput({ type, category: "3" }));
    expect(r.success && r.data.category).toBeNull();
    expect(schema.safeParse(formInput({ type, category: "" })).success).toBe(true);
  });

  it("To be Assigned by Business Office makes the account number optional and clears it", () => {
    const r = schema.safeParse(
      formInput({ accountNumber: "typed", accountAssignedByBusinessOffice: "on" }),
    );
    expect(r.success && r.data.accountNumber).toBeNull();
    expect(
      schema.safeParse(formInput({ accountNumber: "", accountAssignedByBusinessOffice: "on" }))
        .success,
    ).toBe(true);
  });

  it("Requires Additional Information No clears the questions and skips their rules", () => {
    const r = schema.safeParse(
      formInput({
        requiresAdditionalInformation: "no",
        questions: [{ question: "", responseType: "", sortOrder: "x" }],
      }),
    );
    expect(r.success && r.data.questions).toEqual([]);
  });

  it("a crafted status is not part of the values", () => {
    const r = schema.safeParse(formInput({ requestStatus: "Approved", status: "Approved" }));
    expect(r.success).toBe(true);
    expect(r.success && "requestStatus" in r.data).toBe(false);
    expect(r.success && "status" in r.data).toBe(false);
  });
});

describe("time helpers", () => {
  it.each([
    ["2030-01-15", "00:00:00", "2030-01-15T06:00:00.000Z"],
    ["2030-07-15", "23:59:59", "2030-07-16T04:59:59.000Z"],
    ["2030-03-10", "00:00:00", "2030-03-10T06:00:00.000Z"],
    ["2030-11-03", "23:59:59", "2030-11-04T05:59:59.000Z"],
  ])("%s %s in Chicago is %s", (date, time, iso) => {
    expect(zonedInstant(date, time, TZ).toISOString()).toBe(iso);
  });

  it("collection window and today", () => {
    const w = collectionWindow("2030-01-01", "2030-01-02", "UTC");
    expect(w.saleStart.toISOString()).toBe("2030-01-01T00:00:00.000Z");
    expect(w.saleEnd.toISOString()).toBe("2030-01-02T23:59:59.000Z");
    expect(todayIn(TZ, NOW)).toBe("2030-03-10");
  });
});

describe("questions: renumbering after a delete", () => {
  const q = (sortOrder: string, question = `q${sortOrder}`) => ({ question, sortOrder });
  it.each([
    ["the first of 1,2,3", [q("1"), q("2"), q("3")], 0, ["1", "2"]],
    ["the middle of 1,2,3", [q("1"), q("2"), q("3")], 1, ["1", "2"]],
    ["the last of 1,2,3", [q("1"), q("2"), q("3")], 2, ["1", "2"]],
    ["2 of 1,2,5", [q("1"), q("2"), q("5")], 1, ["1", "4"]],
    ["out of order 3,1,2 removing 1", [q("3"), q("1"), q("2")], 1, ["2", "1"]],
    ["a non-numeric one stays", [q("1"), q("x"), q("3")], 0, ["x", "2"]],
  ])("deleting %s", (_w, list, index, orders) => {
    expect(renumberAfterDelete(list, index).map((x) => x.sortOrder)).toEqual(orders);
  });

  it.each([
    ["above 2 move down", [q("1"), q("3"), q("4")], 2, ["1", "2", "3"]],
    ["not a number removed: nothing moves", [q("1"), q("3")], NaN, ["1", "3"]],
  ])("renumberAbove: %s", (_w, list, removed, orders) => {
    expect(renumberAbove(list, removed).map((x) => x.sortOrder)).toEqual(orders);
  });

  it("keeps the other fields and works with numbers", () => {
    const out = renumberAfterDelete(
      [
        { question: "a", sortOrder: 1 },
        { question: "b", sortOrder: 2 },
      ],
      0,
    );
    expect(out).toEqual([{ question: "b", sortOrder: 1 }]);
    expect(renumberAfterDelete([{ sortOrder: 1 }], 5)).toEqual([{ sortOrder: 1 }]);
  });

  it.each([
    [[], 1],
    [[{ sortOrder: "1" }, { sortOrder: "4" }], 5],
    [[{ sortOrder: "" }], 1],
  ])("next sort order of %j is %i", (list, n) => {
    expect(nextSortOrder(list)).toBe(n);
  });
});

describe("sponsor search", () => {
  const employees = [
    { id: "E1001", name: "Irene Instructor" },
    { id: "E1002", name: "Frank Feeadmin" },
    { id: "E1003", name: "Paula Proposer" },
    { id: "E1004", name: "Ian Other" },
  ];
  it.each([
    ["by id", "e1004", [], ["E1004"]],
    ["by name, case-insensitive", "IRENE", [], ["E1001"]],
    ["by part of a name", "an", [], ["E1002", "E1004"]],
    ["hiding chosen ones", "an", ["E1002"], ["E1004"]],
    ["empty query lists nobody", "  ", [], []],
    ["no match", "zz", [], []],
  ])("%s", (_w, query, chosen, ids) => {
    expect(searchEmployees(employees, query, chosen).map((e) => e.id)).toEqual(ids);
  });
});
