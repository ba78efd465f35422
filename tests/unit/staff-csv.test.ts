import { describe, expect, it } from "vitest";
import {
  csvFileName,
  cutHeading,
  neutraliseFormula,
  previewAnswer,
  rosterCsvRows,
  selectRoster,
  feeReportCsvRows,
} from "@domain/rules/roster-csv";
import { toCsv } from "~/.server/csv";
import type { FeeReport, RosterRegistration } from "@domain/contract/staff";

// Spreadsheet programs read the file as UTF-8 only with this mark.
const CSV_BOM = "\uFEFF";

function student(id: number, first: string, last: string, extra: Partial<RosterRegistration> = {}) {
  return {
    id: `r${id}`,
    createdAt: "2026-09-01T15:00:00.000Z",
    status: null,
    amountDue: 0,
    student: {
      id,
      nameFirst: first,
      nameLast: last,
      grade: "7",
      gender: "F",
      custodianEmail1: `p${id}@example.org`,
      custodianEmail2: `q${id}@example.org`,
      custodianEmail3: null,
      custodianEmail4: null,
      emergencyName1: "Pat Parent",
      emergencyPhone1: "+15555550100",
      emergencyRelationship1: "Mother",
    },
    communityMember: null,
    courseAnswer: [],
    language: "en",
    ...extra,
  } satisfies RosterRegistration;
}

const LONG = "Q".repeat(120);
const section = {
  course: {
    id: "c",
    subject: "ART",
    courseNumber: "101",
    courseName: "Watercolor, Painting",
    description: "",
  },
  sectionNumber: "01",
  courseQuestions: [
    { id: 2, question: LONG, responseType: "Free Form", sortOrder: 2 },
    { id: 1, question: "T-shirt size", responseType: "Value List", sortOrder: 1 },
  ],
};

const regs: RosterRegistration[] = [
  student(100021, "Zoë", "García", {
    language: "es",
    courseAnswer: [
      { questionId: 1, cachedQuestion: "T-shirt size", answer: "M" },
      { questionId: 2, cachedQuestion: LONG, answer: '=HYPERLINK("http://x")' },
    ],
  }),
  student(100022, "Liam", "Able", { amountDue: 22.5 }),
  student(100023, "Mia", "Canceled", { status: "cancelled", amountDue: 0 }),
  {
    id: "m1",
    createdAt: "2026-09-02T15:00:00.000Z",
    status: null,
    amountDue: 45,
    student: null,
    communityMember: {
      id: 200001,
      nameFirst: "Jordan",
      nameLast: "Rivera",
      grade: "Adult",
      gender: "F",
      email: "jordan@example.org",
      guardians: [
        {
          nameFirst: "Sam",
          nameLast: "Rivera",
          phone1: "5551234",
          email: "sam@example.org",
          relationship: "Spouse",
        },
      ],
    },
    courseAnswer: [{ questionId: null, cachedQuestion: "T-shirt size", answer: "-L" }],
    language: "en",
  },
];

describe("cutHeading and previewAnswer", () => {
  it("keeps text up to the limit and cuts longer text to 97 characters plus ...", () => {
    expect(cutHeading("a".repeat(100))).toBe("a".repeat(100));
    const cut = cutHeading("b".repeat(101));
    expect(cut).toBe(`${"b".repeat(97)}...`);
    expect(cut).toHaveLength(100);
    expect(previewAnswer("c".repeat(50))).toBe("c".repeat(50));
    expect(previewAnswer("c".repeat(51))).toBe(`${"c".repeat(47)}...`);
  });
});

describe("neutraliseFormula (decision 148)", () => {
  it.each([
    "=1+1",
    "=2",
    "@SUM(A1)",
    "+A1",
    "-SUM(A1:A9)",
    "+1+cmd|' /C calc'!A0",
    "-2+3",
    "+1*2",
    "-2-3",
    "\tx",
    "\rx",
  ])("prefixes %j, which a spreadsheet would read as a formula", (v) => {
    expect(neutraliseFormula(v)).toBe(`'${v}`);
  });
  it.each([
    "Zoë",
    "1+1",
    "a=b",
    "",
    "$45.00",
    "+15555550100",
    "+1 555 555 0100",
    "+1 (555) 555-0100",
    "+44 20 7946 0958",
    "-2",
    "-12.50",
  ])("leaves %j alone: text, a number or a phone number", (v) => {
    expect(neutraliseFormula(v)).toBe(v);
  });
});

describe("toCsv", () => {
  it("starts with a UTF-8 BOM, quotes commas, quotes and line breaks, ends lines with CRLF", () => {
    const csv = toCsv([
      ["a,b", 'say "hi"', "two\nlines"],
      [null, 3, "=x"],
    ]);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(Buffer.from(csv, "utf8").subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.slice(1)).toBe('"a,b","say ""hi""","two\nlines"\r\n,3,\'=x\r\n');
  });
});

describe("selectRoster", () => {
  it("splits active, canceled and unpaid", () => {
    expect(selectRoster(regs, "active").map((r) => r.id)).toEqual(["r100021", "r100022", "m1"]);
    expect(selectRoster(regs, "canceled").map((r) => r.id)).toEqual(["r100023"]);
    expect(selectRoster(regs, "unpaid").map((r) => r.id)).toEqual(["r100022", "m1"]);
  });
});

describe("roster CSV", () => {
  it("has the spec's columns, then the questions in sort order with long headings cut", () => {
    const [heading, ...rows] = rosterCsvRows(section, regs, "active");
    expect(heading).toEqual([
      "Course Name",
      "Course Number",
      "Section",
      "ID",
      "First Name",
      "Last Name",
      "Gender",
      "Grade",
      "Emergency Contact Name",
      "Emergency Contact Relationship",
      "Emergency Contact Phone",
      "Custodian Email",
      "T-shirt size",
      `${"Q".repeat(97)}...`,
      "Language",
    ]);
    // Sorted by last name; canceled people are not on the active roster.
    expect(rows.map((r) => r[5])).toEqual(["Able", "García", "Rivera"]);
    const zoe = rows[1]!;
    expect(zoe.slice(0, 12)).toEqual([
      "Watercolor, Painting",
      "101",
      "01",
      "100021",
      "Zoë",
      "García",
      "F",
      "7",
      "Pat Parent",
      "Mother",
      "+15555550100",
      "p100021@example.org; q100021@example.org",
    ]);
    // The family's language last (decision 171), so the spec's columns keep their places.
    expect(zoe.slice(12)).toEqual(["M", '=HYPERLINK("http://x")', "Spanish"]);
    const member = rows[2]!;
    expect(member.slice(3, 12)).toEqual([
      "200001",
      "Jordan",
      "Rivera",
      "F",
      "Adult",
      "Sam Rivera",
      "Spouse",
      "5551234",
      "jordan@example.org; sam@example.org",
    ]);
    // An answer without a question ID is matched by the question's text.
    expect(member[12]).toBe("-L");
  });

  it("neutralises formulas but not phone numbers in the file, and keeps accents", () => {
    const csv = toCsv(rosterCsvRows(section, regs, "active"));
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(csv).toContain(",+15555550100,");
    expect(csv).not.toContain("'+1555");
    expect(csv).toContain(",'-L");
    expect(csv).toContain("Zoë,García");
    expect(csv).toContain('"Watercolor, Painting"');
    expect(csv.split("\r\n")).toHaveLength(5);
  });

  it("the unpaid version adds the balance due and lists only balances", () => {
    const [heading, ...rows] = rosterCsvRows(section, regs, "unpaid");
    expect(heading![12]).toBe("Balance Due");
    expect(heading![13]).toBe("T-shirt size");
    expect(rows.map((r) => [r[5], r[12]])).toEqual([
      ["Able", "$22.50"],
      ["Rivera", "$45.00"],
    ]);
  });

  it("the canceled version lists only canceled registrations", () => {
    const rows = rosterCsvRows(section, regs, "canceled").slice(1);
    expect(rows.map((r) => r[3])).toEqual(["100023"]);
  });

  it("a section without questions has no question columns", () => {
    const [heading] = rosterCsvRows({ ...section, courseQuestions: [] }, regs, "active");
    expect(heading).toHaveLength(13);
    expect(heading![12]).toBe("Language");
  });
});

describe("fee report CSV", () => {
  const report: FeeReport = {
    id: 7,
    name: "Art Club Dues",
    accountCode: "ART-1",
    questions: [
      { id: 5, question: "Preferred meeting day", responseType: "Value List", sortOrder: 1 },
    ],
    assessedFees: [
      {
        id: 1,
        status: "partial",
        quantity: 1,
        assessedCost: 25,
        paid: 10,
        owed: 15,
        assessedDate: "2026-09-01T15:00:00.000Z",
        paymentDate: "2026-09-03T15:00:00.000Z",
        notes: null,
        person: {
          id: "100020",
          kind: "student",
          nameFirst: "Chloé",
          nameLast: "@Smith",
          contactEmail: "s@example.org",
          contactEmail2: null,
        },
        answers: [{ questionID: 5, answer: "Tuesday", cachedQuestion: "Preferred meeting day" }],
      },
    ],
  };
  it("has the people, amounts, dates and answers", () => {
    const csv = toCsv(feeReportCsvRows(report, "America/Chicago"));
    const lines = csv.slice(1).split("\r\n");
    expect(lines[0]).toBe(
      "ID,First Name,Last Name,Email,Email 2,Status,Quantity,Assessed Cost,Paid,Owed,Assessed Date,Payment Date,Preferred meeting day",
    );
    expect(lines[1]).toBe(
      '100020,Chloé,\'@Smith,s@example.org,,partial,1,$25.00,$10.00,$15.00,"Sep 1, 2026","Sep 3, 2026",Tuesday',
    );
  });
});

describe("csvFileName", () => {
  it("keeps letters and digits only", () => {
    expect(csvFileName("ART 101", "01", "Zoë's roster")).toBe("ART-101-01-Zoe-s-roster");
    expect(csvFileName("///")).toBe("report");
  });
});
