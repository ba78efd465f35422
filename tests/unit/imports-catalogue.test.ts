// The catalogue import's mapping (decision 129): rows of the catalogue CSV →
// programs, courses and sections, or refusals with every reason, in the administration's own
// words (the section and program forms' messages), prefixed with the column. Made-up data.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import {
  catalogueDate,
  catalogueFileChecker,
  catalogueHeader,
  catalogueTime,
  courseKey,
  mapCatalogueRow,
  NEW_COURSE_ID,
  type CatalogueColumn,
  type CatalogueContext,
  type ExistingProgram,
  type ExistingSection,
} from "@domain/imports/catalogue";
import { schoolLookup } from "@domain/imports/students";
import { t } from "@domain/messages/admin";

const COURSE_ID = "11111111-1111-4111-8111-111111111111";
const PROGRAM_ID = "22222222-2222-4222-8222-222222222222";
const SECTION_ID = "33333333-3333-4333-8333-333333333333";

const program: ExistingProgram = {
  id: PROGRAM_ID,
  sourceKey: "P1",
  name: "Robotics",
  open: true,
  active: true,
  oneSectionPerTerm: false,
  requiresSurvey: false,
  allowPartial: false,
  cancellationMessage: null,
  sortOrder: 0,
};
const onFile: ExistingSection = {
  id: SECTION_ID,
  programId: PROGRAM_ID,
  sourceKey: "S1",
  active: true,
  seatsTaken: 8,
  courseId: COURSE_ID,
  sectionNumber: "A",
  termId: "T1",
  term: "Term One",
  instructorEmployeeId: "E1001",
  schoolId: 1,
  restrictToSchool: false,
  capacity: 10,
  waitlistEnabled: true,
  costCents: 8500,
  creditHours: 0,
  deliveryMethod: "In Person",
  meetingDays: ["Mon", "Wed"],
  roomNumber: null,
  dateStart: "2027-02-01",
  dateEnd: "2027-05-14",
  timeStart: "15:30",
  timeEnd: "17:00",
  allowCommunity: true,
  eligibleGrades: ["3"],
  timeConflictOverride: false,
  oneSectionPerTermOverride: false,
  notes: null,
};

function context(over: Partial<CatalogueContext> = {}): CatalogueContext {
  return {
    schools: schoolLookup([{ id: 1, shortName: "LHS", fullName: "Lincoln High School" }]),
    instructors: new Set(["E1001"]),
    courses: new Map([[courseKey("ROB", "101"), COURSE_ID]]),
    program: (code) => (code === "P1" ? program : undefined),
    section: (code) => (code === "S1" ? onFile : undefined),
    ...over,
  };
}

const row = (over: Record<string, string> = {}) => ({
  program_code: "P1",
  program_name: "Robotics",
  section_code: "S1",
  subject: "ROB",
  course_number: "101",
  section_number: "A",
  term_id: "T1",
  term: "Term One",
  date_start: "2027-02-01",
  date_end: "2027-05-14",
  capacity: "10",
  price: "$85.00",
  meeting_days: "Mon Wed",
  time_start: "15:30",
  time_end: "17:00",
  grades: "3",
  school: "LHS",
  instructor: "E1001",
  ...over,
});
const carried = (r: Record<string, string>) => new Set(Object.keys(r) as CatalogueColumn[]);
const map = (over: Record<string, string> = {}, ctx = context()) => {
  const r = row(over);
  return mapCatalogueRow(r, carried(r), ctx);
};
const reasons = (over: Record<string, string>, ctx = context()) => {
  const out = map(over, ctx);
  return out.ok ? [] : out.reasons;
};

describe("header and cells", () => {
  it("names the required columns a file lacks", () => {
    const checked = catalogueHeader(["Program Code", "program_name", "section_code"]);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.missing).toContain("capacity");
    const ok = catalogueHeader(Object.keys(row()).map((c) => c.toUpperCase()));
    expect(ok.ok).toBe(true);
  });
  it("reads dates and times as districts write them", () => {
    expect(catalogueDate("2/3/2027")).toBe("2027-02-03");
    expect(catalogueDate("2027-02-31")).toBe("2027-02-31"); // left for the contract to refuse
    expect(catalogueTime("3:30 PM")).toBe("15:30");
    expect(catalogueTime("12:15 am")).toBe("00:15");
    expect(catalogueTime("9:05")).toBe("09:05");
    expect(catalogueTime("")).toBeNull();
    expect(catalogueTime("25:00")).toBe("25:00");
  });
});

describe("a row", () => {
  it("is unchanged when it says what is on file", () => {
    const out = map();
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.record.sectionChange).toBe("unchanged");
    expect(out.record.programChange).toBe("unchanged");
  });
  it("updates only what differs, and keeps a column the file does not have", () => {
    const { room: _r, ...r } = { ...row({ capacity: "12", price: "90" }), room: "" };
    const out = mapCatalogueRow(
      r,
      carried(r),
      context({
        section: () => ({ ...onFile, roomNumber: "B12" }),
      }),
    );
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.record.sectionChange).toBe("updated");
    expect(out.record.sectionChanged.sort()).toEqual(["capacity", "costCents"]);
    expect(out.record.section.roomNumber).toBe("B12");
    expect(out.record.section.costCents).toBe(9000);
  });
  it("creates a program, a course and a section with the form's defaults", () => {
    const out = map(
      {
        program_code: "P2",
        section_code: "S9",
        subject: "NEW",
        course_name: "Brand New",
        grades: "K; 1, 02",
        meeting_days: "M,Th",
        time_start: "3:30 pm",
        time_end: "4:15 PM",
      },
      context(),
    );
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    const r = out.record;
    expect(r.programChange).toBe("created");
    expect(r.sectionChange).toBe("created");
    expect(r.program.open).toBe(true);
    expect(r.newCourse).toMatchObject({ subject: "NEW", courseNumber: "101", name: "Brand New" });
    expect(r.section.courseId).toBe(NEW_COURSE_ID);
    expect(r.section.eligibleGrades).toEqual(["K", "1", "2"]);
    expect(r.section.meetingDays).toEqual(["Mon", "Thu"]);
    expect(r.section.timeStart).toBe("15:30");
    expect(r.section.waitlistEnabled).toBe(true);
    expect(r.section.deliveryMethod).toBe("In Person");
  });
  it("is refused with the section form's own words, naming the column", () => {
    expect(reasons({ date_start: "2027-02-31" })).toContain(
      `date_start: ${t("admin.catalogue.badDate")}`,
    );
    expect(reasons({ date_start: "2027-05-20" })).toContain(
      `date_end: ${t("admin.catalogue.endBeforeStart")}`,
    );
    expect(reasons({ time_end: "15:00" })).toContain(
      `time_end: ${t("admin.catalogue.timeEndBeforeStart")}`,
    );
    expect(reasons({ price: "ten dollars" })).toContain(`price: ${t("admin.sections.badAmount")}`);
    expect(reasons({ capacity: "lots" })).toContain(
      `capacity: ${t("admin.catalogue.capacityRange", { max: 10_000 })}`,
    );
    expect(reasons({ program_name: "" })).toContain(`program_name: ${t("admin.required")}`);
    expect(reasons({ instructor: "E9999" })).toContain(
      `instructor: ${t("admin.catalogue.instructorMissing")}`,
    );
  });
  it("gives every reason at once", () => {
    const all = reasons({
      section_code: "",
      date_start: "02/31/2027",
      price: "-",
      meeting_days: "Mon Funday",
      grades: "13",
      school: "Nowhere High",
    });
    expect(all).toEqual(
      expect.arrayContaining([
        `section_code: ${t("admin.imports.catalogue.missingCode")}`,
        `date_start: ${t("admin.catalogue.badDate")}`,
        `price: ${t("admin.sections.badAmount")}`,
        `meeting_days: ${t("admin.imports.catalogue.badDay", { value: "Funday" })}`,
        `grades: ${t("admin.imports.reason.badGrade", { value: "13" })}`,
        `school: ${t("admin.imports.reason.unknownSchoolAdd", { value: "Nowhere High" })}`,
      ]),
    );
  });
  it("refuses codes with control characters or beyond 100 characters, and huge numbers", () => {
    expect(reasons({ program_code: "P\u0007" })).toContain(
      `program_code: ${t("input.controlCharacters")}`,
    );
    expect(reasons({ section_code: "S".repeat(101) })).toContain(
      `section_code: ${t("admin.catalogue.tooLong", { max: 100 })}`,
    );
    expect(reasons({ capacity: "99999999999" })).toContain(
      `capacity: ${t("admin.catalogue.capacityRange", { max: 10_000 })}`,
    );
    expect(reasons({ price: "99999999999" })).toContain(`price: ${t("admin.catalogue.costRange")}`);
  });
  it("needs a course name for a course not on file", () => {
    expect(reasons({ subject: "ZZZ" })).toContain(
      `course_name: ${t("admin.imports.catalogue.courseNameNeeded")}`,
    );
  });
  it("never lowers capacity below the seats taken", () => {
    expect(reasons({ capacity: "7" })).toEqual([
      `capacity: ${t("admin.catalogue.capacityBelowTaken", { taken: 8 })}`,
    ]);
    expect(map({ capacity: "8" }).ok).toBe(true);
  });
  it("does not change a cancelled section, nor move one to another program", () => {
    const cancelled = context({ section: () => ({ ...onFile, active: false }) });
    expect(reasons({ capacity: "11" }, cancelled)).toEqual([
      `section_code: ${t("admin.catalogue.sectionCancelled")}`,
    ]);
    expect(map({}, cancelled).ok).toBe(true);
    expect(reasons({ program_code: "P2" })).toEqual([
      `section_code: ${t("admin.imports.catalogue.otherProgram")}`,
    ]);
  });
});

describe("a file", () => {
  it("refuses a section code on an earlier line, and a program that differs from its first row", () => {
    const check = catalogueFileChecker();
    const first = map();
    const again = map({ section_number: "B" });
    const other = map({ section_code: "S9", program_open: "no" });
    if (!first.ok || !again.ok || !other.ok) throw new Error("rows should map");
    expect(check.code("S1", 2)).toEqual([]);
    expect(check.record(first.record, 2)).toEqual([]);
    expect(check.code("S1", 3)).toEqual([
      `section_code: ${t("admin.imports.catalogue.duplicateCode", { line: 2 })}`,
    ]);
    expect(check.record(again.record, 3)).toEqual([
      `section_code: ${t("admin.imports.catalogue.duplicateCode", { line: 2 })}`,
    ]);
    expect(check.code("S9", 4)).toEqual([]);
    expect(check.record(other.record, 4)).toEqual([
      `program_code: ${t("admin.imports.catalogue.programDiffers", { line: 2 })}`,
    ]);
  });
  it("maps the sample catalogue, and refuses every row of the refused sample", () => {
    const ctx = context({
      instructors: new Set(["E1001", "E1004"]),
      courses: new Map(),
      program: () => undefined,
      section: () => undefined,
    });
    const read = (name: string) =>
      parse(readFileSync(`tests/fixtures/imports/${name}`), {
        bom: true,
        columns: true,
        skip_empty_lines: true,
      }) as Record<string, string>[];
    const good = read("catalogue.csv");
    const check = catalogueFileChecker();
    good.forEach((r, i) => {
      const out = mapCatalogueRow(r, carried(r), ctx);
      expect(check.code(r.section_code!, i + 2)).toEqual([]);
      expect(out.ok ? check.record(out.record, i + 2) : out.reasons).toEqual([]);
    });
    const bad = read("catalogue-refused.csv");
    const check2 = catalogueFileChecker();
    const refused = bad.map((r, i) => {
      const out = mapCatalogueRow(r, carried(r), ctx);
      const dup = check2.code(r.section_code!, i + 2);
      return out.ok ? [...dup, ...check2.record(out.record, i + 2)] : [...out.reasons, ...dup];
    });
    expect(refused.every((r) => r.length > 0)).toBe(true);
  });
});
