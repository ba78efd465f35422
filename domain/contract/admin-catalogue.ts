// Wire contract of the administration's programs, courses and sections (decision 120).
// Every call is for the district_admin role only. Money is integer cents, dates are
// district calendar days ("YYYY-MM-DD", a real day), times are district wall-clock "HH:MM".
import { z } from "zod";
import { t } from "../messages/admin";
import { FORBIDDEN_CONTROL, NO_CONTROL, isSaneCalendarDate } from "../rules/input";
import { WEEK_DAYS } from "../rules/week-days";
import { DISTRICT_ADMIN_ROLE } from "./admin";
import { endpoint } from "./endpoint";

export const CATALOGUE_PAGE_SIZE = 50;
/** The most sections a program may have copied at once, and questions a section may ask. */
export const MAX_QUESTIONS = 50;
export const MAX_CAPACITY = 10_000;
export const MAX_COST_CENTS = 100_000_000;
export { WEEK_DAYS };
export const DELIVERY_METHODS = ["In Person", "Online", "Hybrid"] as const;
export const RESPONSE_TYPES = ["Value List", "Free Form", "Waiver", "Signature"] as const;

const line = (max: number) =>
  z
    .string({ required_error: t("admin.required") })
    .trim()
    .min(1, t("admin.required"))
    .max(max, t("admin.catalogue.tooLong", { max }))
    .regex(NO_CONTROL, t("input.controlCharacters"));
const optionalLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max, t("admin.catalogue.tooLong", { max }))
    .regex(NO_CONTROL, t("input.controlCharacters"))
    .nullable()
    .transform((v) => (v ? v : null));
const lines = (max: number) =>
  z
    .string()
    .max(max, t("admin.catalogue.tooLong", { max }))
    .refine((v) => !FORBIDDEN_CONTROL.test(v), t("input.controlCharacters"));

export const CalendarDate = z
  .string({ required_error: t("admin.catalogue.badDate") })
  .trim()
  .refine(isSaneCalendarDate, t("admin.catalogue.badDate"));
export const ClockTime = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, t("admin.catalogue.badTime"));
const uuid = z.string().uuid(t("admin.catalogue.notFound"));

// ---- Programs --------------------------------------------------------------------------------

export const ProgramFields = z.object({
  name: line(200),
  open: z.boolean(),
  active: z.boolean(),
  oneSectionPerTerm: z.boolean(),
  requiresSurvey: z.boolean(),
  allowPartial: z.boolean(),
  cancellationMessage: lines(2_000)
    .nullable()
    .transform((v) => (v && v.trim() ? v : null)),
  sortOrder: z
    .number({ invalid_type_error: t("admin.catalogue.wholeNumber") })
    .int(t("admin.catalogue.wholeNumber"))
    .min(0, t("admin.catalogue.wholeNumber"))
    .max(100_000, t("admin.catalogue.wholeNumber")),
});
export const ProgramRequest = ProgramFields.strict();
export type ProgramRequest = z.infer<typeof ProgramRequest>;
export const ProgramChange = ProgramFields.partial().strict();
export type ProgramChange = z.infer<typeof ProgramChange>;

export const Program = ProgramFields.extend({
  id: z.string(),
  sections: z.number().int(),
  activeSections: z.number().int(),
});
export type Program = z.infer<typeof Program>;

export const IdParams = z.object({ id: uuid });

export const ListQuery = z
  .object({
    q: z.string().trim().max(100).regex(NO_CONTROL).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  })
  .strict();
export type ListQuery = z.infer<typeof ListQuery>;

export const ProgramPage = z.object({
  programs: z.array(Program),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ProgramPage = z.infer<typeof ProgramPage>;

export const SectionSummary = z.object({
  id: z.string(),
  courseId: z.string(),
  subject: z.string(),
  courseNumber: z.string(),
  courseName: z.string(),
  sectionNumber: z.string(),
  termId: z.string(),
  term: z.string(),
  capacity: z.number().int(),
  seatsTaken: z.number().int(),
  waiting: z.number().int(),
  active: z.boolean(),
});
export type SectionSummary = z.infer<typeof SectionSummary>;

export const ProgramDetail = z.object({
  program: Program,
  sections: z.array(SectionSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ProgramDetail = z.infer<typeof ProgramDetail>;

/** A copy to a new term: the new program's name, the term, and the day the first section starts. */
export const CopyRequest = z
  .object({
    name: line(200),
    termId: line(40),
    term: line(100),
    firstDay: CalendarDate,
  })
  .strict();
export type CopyRequest = z.infer<typeof CopyRequest>;
export const CopyReply = z.object({
  programId: z.string(),
  sections: z.number().int(),
  questions: z.number().int(),
});
export type CopyReply = z.infer<typeof CopyReply>;

// ---- Courses ---------------------------------------------------------------------------------

export const CourseRequest = z
  .object({
    subject: line(20),
    courseNumber: line(20),
    name: line(200),
    description: lines(10_000),
    category: optionalLine(100),
  })
  .strict();
export type CourseRequest = z.infer<typeof CourseRequest>;
export const Course = CourseRequest.extend({ id: z.string(), category: z.string().nullable() });
export type Course = z.infer<typeof Course>;
export const CoursePage = z.object({
  courses: z.array(Course),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CoursePage = z.infer<typeof CoursePage>;

// ---- Sections and their questions ------------------------------------------------------------

export const QuestionInput = z
  .object({
    id: z.number().int().positive().max(2_147_483_647).nullable().optional(),
    question: line(2_000),
    responseType: z.enum(RESPONSE_TYPES, {
      errorMap: () => ({ message: t("admin.catalogue.responseTypeRequired") }),
    }),
    answerList: z.array(line(200)).max(100),
    sortOrder: z
      .number({ invalid_type_error: t("admin.catalogue.sortOrderNumeric") })
      .int(t("admin.catalogue.sortOrderNumeric"))
      .min(0, t("admin.catalogue.sortOrderNumeric"))
      .max(10_000, t("admin.catalogue.sortOrderNumeric")),
  })
  .strict();
export type QuestionInput = z.infer<typeof QuestionInput>;

/** The question rules of fee requests (spec 02 §5): one waiver, a value list lists answers, orders unique. */
export function questionIssues(
  questions: { responseType: string; answerList: string[]; sortOrder: number }[],
): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  const seen = new Set<number>();
  let waiver = false;
  questions.forEach((q, i) => {
    if (q.responseType === "Waiver") {
      if (waiver)
        issues.push({ path: [i, "responseType"], message: t("admin.catalogue.oneWaiver") });
      waiver = true;
    }
    if (q.responseType === "Value List" && q.answerList.length < 1) {
      issues.push({ path: [i, "answerList"], message: t("admin.catalogue.valueListRequired") });
    }
    if (seen.has(q.sortOrder)) {
      issues.push({
        path: [i, "sortOrder"],
        message: t("admin.catalogue.duplicateSortOrder", { n: q.sortOrder }),
      });
    }
    seen.add(q.sortOrder);
  });
  return issues;
}

export const SectionFields = z.object({
  courseId: uuid,
  sectionNumber: line(20),
  termId: line(40),
  term: line(100),
  instructorEmployeeId: optionalLine(40),
  schoolId: z.number().int().positive().max(2_147_483_647).nullable(),
  restrictToSchool: z.boolean(),
  capacity: z
    .number({ invalid_type_error: t("admin.catalogue.capacityRange", { max: MAX_CAPACITY }) })
    .int(t("admin.catalogue.capacityRange", { max: MAX_CAPACITY }))
    .min(0, t("admin.catalogue.capacityRange", { max: MAX_CAPACITY }))
    .max(MAX_CAPACITY, t("admin.catalogue.capacityRange", { max: MAX_CAPACITY })),
  waitlistEnabled: z.boolean(),
  costCents: z
    .number({ invalid_type_error: t("admin.catalogue.costRange") })
    .int(t("admin.catalogue.costRange"))
    .min(0, t("admin.catalogue.costRange"))
    .max(MAX_COST_CENTS, t("admin.catalogue.costRange")),
  creditHours: z
    .number({ invalid_type_error: t("admin.catalogue.creditHours") })
    .min(0, t("admin.catalogue.creditHours"))
    .max(999, t("admin.catalogue.creditHours"))
    .refine((v) => Math.round(v * 100) === v * 100, t("admin.catalogue.creditHours")),
  deliveryMethod: z.enum(DELIVERY_METHODS, {
    errorMap: () => ({ message: t("admin.catalogue.deliveryRequired") }),
  }),
  meetingDays: z.array(z.enum(WEEK_DAYS)).max(7),
  roomNumber: optionalLine(40),
  dateStart: CalendarDate,
  dateEnd: CalendarDate,
  timeStart: ClockTime.nullable(),
  timeEnd: ClockTime.nullable(),
  allowCommunity: z.boolean(),
  /** null: every grade may register. */
  eligibleGrades: z.array(line(20)).max(20).nullable(),
  timeConflictOverride: z.boolean(),
  oneSectionPerTermOverride: z.boolean(),
  notes: lines(2_000)
    .nullable()
    .transform((v) => (v && v.trim() ? v : null)),
  questions: z.array(QuestionInput).max(MAX_QUESTIONS),
});

/** The rules across fields: dates in order, both times or neither and in order, questions. */
export function sectionIssues(v: {
  dateStart: string;
  dateEnd: string;
  timeStart: string | null;
  timeEnd: string | null;
  meetingDays: string[];
  questions: { responseType: string; answerList: string[]; sortOrder: number }[];
}): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  if (v.dateEnd < v.dateStart) {
    issues.push({ path: ["dateEnd"], message: t("admin.catalogue.endBeforeStart") });
  }
  if ((v.timeStart === null) !== (v.timeEnd === null)) {
    issues.push({
      path: [v.timeStart === null ? "timeStart" : "timeEnd"],
      message: t("admin.catalogue.bothTimes"),
    });
  } else if (v.timeStart !== null && v.timeEnd !== null && v.timeEnd <= v.timeStart) {
    issues.push({ path: ["timeEnd"], message: t("admin.catalogue.timeEndBeforeStart") });
  }
  if (new Set(v.meetingDays).size !== v.meetingDays.length) {
    issues.push({ path: ["meetingDays"], message: t("admin.catalogue.daysTwice") });
  }
  for (const i of questionIssues(v.questions))
    issues.push({ ...i, path: ["questions", ...i.path] });
  return issues;
}

const refineSection = <T extends z.ZodTypeAny>(schema: T) =>
  schema.superRefine((v, ctx) => {
    for (const i of sectionIssues(v)) ctx.addIssue({ code: "custom", ...i });
  });

export const SectionCreateRequest = refineSection(
  SectionFields.extend({ programId: uuid }).strict(),
);
export type SectionCreateRequest = z.infer<typeof SectionCreateRequest>;
export const SectionUpdateRequest = refineSection(SectionFields.strict());
export type SectionUpdateRequest = z.infer<typeof SectionUpdateRequest>;

export const Question = z.object({
  id: z.number().int(),
  question: z.string(),
  responseType: z.enum(RESPONSE_TYPES),
  answerList: z.array(z.string()),
  sortOrder: z.number().int(),
});
export type Question = z.infer<typeof Question>;

export const Section = SectionFields.omit({ questions: true }).extend({
  id: z.string(),
  programId: z.string(),
  programName: z.string(),
  courseName: z.string(),
  seatsTaken: z.number().int(),
  waiting: z.number().int(),
  registrations: z.number().int(),
  active: z.boolean(),
  questions: z.array(Question),
});
export type Section = z.infer<typeof Section>;

export const SectionOptions = z.object({
  courses: z.array(z.object({ id: z.string(), label: z.string() })),
  schools: z.array(z.object({ id: z.number().int(), name: z.string() })),
  instructors: z.array(z.object({ employeeId: z.string(), name: z.string() })),
});
export type SectionOptions = z.infer<typeof SectionOptions>;

export const CancelReply = z.object({
  cancelled: z.number().int(),
  told: z.number().int(),
  /** Refunds of the money paid for them (decision 133): by card sent, by hand for the office. */
  refunds: z.number().int().default(0),
});
export type CancelReply = z.infer<typeof CancelReply>;

/** A new program's, course's or section's id. */
export const CreatedReply = z.object({ id: z.string() });
export type CreatedReply = z.infer<typeof CreatedReply>;
/** The fields a change changed (none when every value was already so). */
export const ChangedReply = z.object({ changed: z.array(z.string()) });
export type ChangedReply = z.infer<typeof ChangedReply>;
/** A section's save: the fields it changed, and the seats a capacity raise offered the waiting list. */
export const SectionSavedReply = ChangedReply.extend({ offered: z.number().int() });
export type SectionSavedReply = z.infer<typeof SectionSavedReply>;

// ---- The calls ------------------------------------------------------------------------------

const admin = { access: "staff", roles: [DISTRICT_ADMIN_ROLE], tag: "admin" } as const;

export const listPrograms = endpoint({
  ...admin,
  method: "GET",
  path: "/v1/admin/programs",
  query: ListQuery,
  replies: { 200: ProgramPage },
  summary: "Programs, 50 a page, searched by name",
});

export const createProgram = endpoint({
  ...admin,
  method: "POST",
  path: "/v1/admin/programs",
  body: ProgramRequest,
  replies: { 201: CreatedReply },
  summary: "Create a program",
});

export const getProgram = endpoint({
  ...admin,
  method: "GET",
  path: "/v1/admin/programs/:id",
  params: IdParams,
  query: ListQuery,
  replies: { 200: ProgramDetail },
  summary: "A program with one page of its sections",
});

export const changeProgram = endpoint({
  ...admin,
  method: "PUT",
  path: "/v1/admin/programs/:id",
  params: IdParams,
  body: ProgramChange,
  replies: { 200: ChangedReply },
  summary: "Change some of a program's fields (open, retire, order, texts)",
});

export const copyProgram = endpoint({
  ...admin,
  method: "POST",
  path: "/v1/admin/programs/:id/copy",
  params: IdParams,
  body: CopyRequest,
  replies: { 201: CopyReply },
  summary: "Copy a program with its active sections and questions to a new term",
});

export const listCourses = endpoint({
  ...admin,
  method: "GET",
  path: "/v1/admin/courses",
  query: ListQuery,
  replies: { 200: CoursePage },
  summary: "Courses, 50 a page, searched",
});

export const createCourse = endpoint({
  ...admin,
  method: "POST",
  path: "/v1/admin/courses",
  body: CourseRequest,
  replies: { 201: CreatedReply },
  summary: "Create a course",
});

export const getCourse = endpoint({
  ...admin,
  method: "GET",
  path: "/v1/admin/courses/:id",
  params: IdParams,
  replies: { 200: Course },
  summary: "One course",
});

export const changeCourse = endpoint({
  ...admin,
  method: "PUT",
  path: "/v1/admin/courses/:id",
  params: IdParams,
  body: CourseRequest,
  replies: { 200: ChangedReply },
  summary: "Change a course",
});

export const getSectionOptions = endpoint({
  ...admin,
  method: "GET",
  path: "/v1/admin/section-options",
  replies: { 200: SectionOptions },
  summary: "The courses, schools and instructors a section may name",
});

export const createSection = endpoint({
  ...admin,
  method: "POST",
  path: "/v1/admin/sections",
  body: SectionCreateRequest,
  replies: { 201: CreatedReply },
  summary: "Create a section with its questions",
});

export const getSection = endpoint({
  ...admin,
  method: "GET",
  path: "/v1/admin/sections/:id",
  params: IdParams,
  replies: { 200: Section },
  summary: "A section with every field and its questions",
});

export const saveSection = endpoint({
  ...admin,
  method: "PUT",
  path: "/v1/admin/sections/:id",
  params: IdParams,
  body: SectionUpdateRequest,
  replies: { 200: SectionSavedReply },
  summary: "Save a section; a capacity raise offers the seats to the waiting list in order",
});

export const cancelSection = endpoint({
  ...admin,
  method: "POST",
  path: "/v1/admin/sections/:id/cancel",
  params: IdParams,
  replies: { 200: CancelReply },
  summary: "Cancel a section, its registrations and waiting list; families are e-mailed",
});

export const deleteSection = endpoint({
  ...admin,
  method: "DELETE",
  path: "/v1/admin/sections/:id",
  params: IdParams,
  replies: { 204: null },
  summary: "Delete a section that never had a registration",
});
