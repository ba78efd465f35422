// Roster and fee report PDFs print the names families write, in every script the district's fonts
// cover, and a reader (pdf.js) extracts them back as the same text.
import { describe, expect, it } from "vitest";
import type { FeeReport, InstructorSection, RosterRegistration } from "@domain/contract/staff";
import { feeReportPdf, rosterPdf } from "../../district-api/services/reports";
import { fontRuns } from "../../district-api/services/pdf-fonts";
import { pdfText } from "../support/pdf";

function registration(id: number, nameFirst: string, nameLast: string): RosterRegistration {
  return {
    id: `r${id}`,
    createdAt: "2026-09-01T15:00:00.000Z",
    status: null,
    amountDue: 12.5,
    student: {
      id,
      nameFirst,
      nameLast,
      grade: "7",
      gender: "F",
      custodianEmail1: null,
      custodianEmail2: null,
      custodianEmail3: null,
      custodianEmail4: null,
      emergencyName1: `${nameFirst} ${nameLast}`,
      emergencyPhone1: "+15555550100",
      emergencyRelationship1: "Mother",
    },
    communityMember: null,
    language: "en",
    courseAnswer: [],
  };
}

function section(registrations: RosterRegistration[]): InstructorSection {
  return {
    id: "s1",
    programId: "p1",
    course: {
      id: "c1",
      subject: "ART",
      courseNumber: "101",
      courseName: "Watercolor Painting",
      description: "",
    },
    sectionNumber: "01",
    term: "Fall 2026",
    instructorName: "Đỗ Minh Anh",
    restrictToSchool: false,
    school: null,
    capacity: 30,
    creditHours: 0,
    deliveryMethod: "In person",
    meetingDaysOfWeek: "M",
    roomNumber: null,
    meetingDateStart: "2026-09-01",
    meetingDateEnd: "2026-12-01",
    meetingTimeStart: null,
    meetingTimeEnd: null,
    allowCommunity: false,
    active: true,
    courseQuestions: [],
    registrations,
  };
}

/** Names as families write them: Latin-1, Latin Extended, Vietnamese, Han, Cyrillic, Greek, Hangul,
 * kana, Devanagari, Arabic and Hebrew; one cell mixes Han with Vietnamese and Polish. */
const NAMES: [string, string][] = [
  ["Zoë", "García"],
  ["Łukasz", "Wiśniewski"],
  ["Thị Hương", "Nguyễn"],
  ["Nguyễn Łukasz", "李"],
  ["Иван", "Петров"],
  ["Γιώργος", "Παπαδόπουλος"],
  ["민준", "김"],
  ["さくら", "佐藤"],
  ["राम", "शाह"],
  ["محمد", "العلي"],
  ["דוד", "כהן"],
];

async function roster(names: [string, string][], rosterType: "registration" | "unpaid") {
  return rosterPdf({
    districtName: "Distrito Escolar Nº 5 – 학교",
    timeZone: "America/Los_Angeles",
    printedAt: new Date("2026-11-23T18:00:00Z"),
    rosterType,
    sections: [
      {
        programName: "After-School Enrichment",
        section: section(names.map(([f, l], i) => registration(100100 + i, f, l))),
      },
    ],
  });
}

/** The first report reads the font files (the CJK ones are 6-10 MB each); a busy machine is slow. */
const SLOW = { timeout: 30_000 };

/** pdf.js may split a line into pieces at font changes; compare without the line breaks. */
const flat = (s: string) => s.replace(/\s+/g, " ");

describe("roster PDF", SLOW, () => {
  it("prints 李, Nguyễn and Łukasz and every other script of the roster as text", async () => {
    const pdf = await roster(NAMES, "registration");
    const text = await pdfText(pdf);
    expect(text).toContain("李");
    expect(text).toContain("Nguyễn");
    expect(text).toContain("Łukasz");
    for (const [first, last] of NAMES) {
      expect(text).toContain(first);
      expect(text).toContain(last);
    }
    expect(text).toContain("Đỗ Minh Anh");
    expect(text).toContain("학교");
    expect(text).not.toContain("?");
    expect(flat(text)).toContain("Registration Roster");
  });

  it("keeps the file small: only the glyphs used are embedded", async () => {
    const pdf = await roster(NAMES, "unpaid");
    expect(pdf.length).toBeLessThan(250_000);
    const text = await pdfText(pdf);
    expect(text).toContain("Unpaid Registrations");
    expect(text).toContain("$137.50");
  });

  it("prints a character no font covers as ?, and drops control characters", async () => {
    const text = await pdfText(await roster([["Ann\u0007a", "Smith𓀀"]], "registration"));
    expect(text).toContain("Anna");
    expect(text).toContain("Smith?");
  });

  it("prints Arabic and Hebrew names right to left, words in their order and letters joined", async () => {
    const text = await pdfText(
      await roster(
        [
          ["فاطمة", "حسن"],
          ["דוד", "בן כהן"],
        ],
        "registration",
      ),
    );
    // The emergency contact is "First Last": a reader gets the name back in its logical order.
    // Noto Sans Arabic draws some dots as glyphs of their own, which map to no character, and
    // pdf.js reads a gap at the dot of ف: the test allows both inside the word.
    const read = text.replace(/\p{Cc}/gu, (c) => (c === "\n" ? c : ""));
    expect(read).toMatch(/ف\s?اطمة\s+حسن/);
    expect(read).toContain("דוד בן כהן");
  });

  it("draws a right-to-left stretch in a left-to-right line with its runs reversed, the text around it in place", () => {
    const runs = fontRuns("Call فاطمة - דוד (Mother)");
    expect(runs.map((r) => [r.text, !!r.rtl])).toEqual([
      ["Call ", false],
      ["דוד", true],
      [" - ", true],
      ["فاطمة", true],
      // The Hebrew face has the space and the bracket: they stay in its run, left to right.
      [" (", false],
      ["Mother)", false],
    ]);
  });

  it("names the course once when its number carries the subject (not ENR ENR 101)", async () => {
    const s = section([registration(100100, "Ann", "Lee")]);
    s.course = {
      ...s.course,
      subject: "ENR",
      courseNumber: "ENR 101",
      courseName: "Robotics Camp",
    };
    const pdf = await rosterPdf({
      districtName: "School District",
      timeZone: "America/Los_Angeles",
      printedAt: new Date("2026-11-23T18:00:00Z"),
      rosterType: "registration",
      sections: [{ programName: "Summer Enrichment", section: s }],
    });
    const text = flat(await pdfText(pdf));
    expect(text).toContain("ENR 101 Robotics Camp, section 01");
    expect(text).not.toContain("ENR ENR");
  });

  it("prints Vietnamese typed with combining marks as the composed letters", async () => {
    const text = await pdfText(
      await roster([["Hu\u0301ng", "Nguye\u0302\u0303n"]], "registration"),
    );
    expect(text).toContain("Húng");
    expect(text).toContain("Nguyễn");
  });
});

describe("fee report PDF", SLOW, () => {
  it("prints the fee's and the people's names in their scripts", async () => {
    const person = (id: string, nameFirst: string, nameLast: string) => ({
      id,
      kind: "student" as const,
      nameFirst,
      nameLast,
      contactEmail: "family@example.org",
      contactEmail2: null,
    });
    const report: FeeReport = {
      id: 7,
      name: "Клуб шахмат 象棋",
      accountCode: "A-1",
      questions: [],
      assessedFees: NAMES.slice(1, 5).map(([f, l], i) => ({
        id: i + 1,
        status: "due",
        quantity: 1,
        assessedCost: 10,
        paid: 0,
        owed: 10,
        assessedDate: "2026-09-01",
        paymentDate: null,
        notes: null,
        person: person(String(100100 + i), f, l),
        answers: [],
      })),
    };
    const text = await pdfText(
      await feeReportPdf({
        districtName: "School District",
        timeZone: "America/Los_Angeles",
        printedAt: new Date("2026-11-23T18:00:00Z"),
        report,
      }),
    );
    expect(text).toContain("Клуб шахмат 象棋");
    for (const [first, last] of NAMES.slice(1, 5)) {
      expect(text).toContain(first);
      expect(text).toContain(last);
    }
    expect(text).toContain("$40.00");
  });
});
