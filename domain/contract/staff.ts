// Wire contract of the staff area: instructor programs, sections and rosters, roster PDFs, my fees
// and fee reports (spec 02 §3, §7). Money on the wire is in dollars (numbers), cents inside.
import { z } from "zod";
import { LANGUAGES } from "../rules/language";
import { dbIdParam, uuid } from "./common";
import { endpoint } from "./endpoint";

/** Teaches sections: sees their rosters. */
export const INSTRUCTOR_ROLE = "instructor";

export const CourseQuestionSummary = z.object({
  id: z.number(),
  question: z.string(),
  responseType: z.string(),
  sortOrder: z.number(),
});
export type CourseQuestionSummary = z.infer<typeof CourseQuestionSummary>;

export const CourseAnswer = z.object({
  questionId: z.number().nullable(),
  cachedQuestion: z.string(),
  answer: z.string(),
});
export type CourseAnswer = z.infer<typeof CourseAnswer>;

export const RosterStudent = z.object({
  id: z.number(),
  nameFirst: z.string(),
  nameLast: z.string(),
  grade: z.string().nullable(),
  gender: z.string().nullable(),
  custodianEmail1: z.string().nullable(),
  custodianEmail2: z.string().nullable(),
  custodianEmail3: z.string().nullable(),
  custodianEmail4: z.string().nullable(),
  emergencyName1: z.string().nullable(),
  emergencyPhone1: z.string().nullable(),
  emergencyRelationship1: z.string().nullable(),
});
export type RosterStudent = z.infer<typeof RosterStudent>;

export const RosterGuardian = z.object({
  nameFirst: z.string(),
  nameLast: z.string(),
  phone1: z.string().nullable(),
  email: z.string().nullable(),
  relationship: z.string().nullable(),
});
export type RosterGuardian = z.infer<typeof RosterGuardian>;

export const RosterCommunityMember = z.object({
  id: z.number(),
  nameFirst: z.string(),
  nameLast: z.string(),
  grade: z.string().nullable(),
  gender: z.string().nullable(),
  email: z.string().nullable(),
  guardians: z.array(RosterGuardian),
});
export type RosterCommunityMember = z.infer<typeof RosterCommunityMember>;

/** One registration on a roster. status: null means active, anything else means canceled. */
export const RosterRegistration = z.object({
  id: z.string(),
  createdAt: z.string(),
  status: z.string().nullable(),
  /** Balance due in dollars. */
  amountDue: z.number(),
  student: RosterStudent.nullable(),
  communityMember: RosterCommunityMember.nullable(),
  courseAnswer: z.array(CourseAnswer),
  /** The family's language, from their record (decision 171). */
  language: z.enum(LANGUAGES),
});
export type RosterRegistration = z.infer<typeof RosterRegistration>;

export const InstructorSection = z.object({
  id: z.string(),
  programId: z.string(),
  course: z.object({
    id: z.string(),
    subject: z.string(),
    courseNumber: z.string(),
    courseName: z.string(),
    description: z.string(),
  }),
  sectionNumber: z.string(),
  term: z.string(),
  instructorName: z.string(),
  restrictToSchool: z.boolean(),
  school: z.object({ fullName: z.string() }).nullable(),
  capacity: z.number(),
  creditHours: z.number(),
  deliveryMethod: z.string(),
  /** Day codes (M, T, W, Th, F, S) separated by line breaks. */
  meetingDaysOfWeek: z.string(),
  roomNumber: z.string().nullable(),
  meetingDateStart: z.string(),
  meetingDateEnd: z.string(),
  meetingTimeStart: z.string().nullable(),
  meetingTimeEnd: z.string().nullable(),
  allowCommunity: z.boolean(),
  active: z.boolean(),
  courseQuestions: z.array(CourseQuestionSummary),
  registrations: z.array(RosterRegistration),
});
export type InstructorSection = z.infer<typeof InstructorSection>;

export const InstructorProgram = z.object({
  id: z.string(),
  programName: z.string(),
  active: z.boolean(),
  courseSelections: z.array(InstructorSection),
});
export type InstructorProgram = z.infer<typeof InstructorProgram>;

export const InstructorProgramsReply = z.array(InstructorProgram);

/** One section with its program, for the roster page and CSV downloads. */
export const InstructorSectionReply = z.object({
  program: z.object({ id: z.string(), programName: z.string(), active: z.boolean() }),
  section: InstructorSection,
});
export type InstructorSectionReply = z.infer<typeof InstructorSectionReply>;
export const SectionParams = z.object({ sectionId: uuid });

export const RosterType = z.enum(["registration", "unpaid"]);
export type RosterType = z.infer<typeof RosterType>;
export const InstructorPdfRequest = z.object({
  rosterType: RosterType,
  sectionIdList: z.array(uuid).min(1).max(50),
});

export const MyFee = z.object({
  id: z.number(),
  name: z.string(),
  school: z.object({ shortName: z.string() }).nullable(),
  schoolYear: z.string().nullable(),
  type: z.string(),
});
export type MyFee = z.infer<typeof MyFee>;
export const MyFeesReply = z.array(MyFee);

export const FeeReportPerson = z.object({
  /** Student or community ID; employee ID for staff; null for guests. */
  id: z.string().nullable(),
  kind: z.enum(["student", "community_member", "guest_user", "staff"]),
  nameFirst: z.string(),
  nameLast: z.string(),
  contactEmail: z.string().nullable(),
  contactEmail2: z.string().nullable(),
});

export const FeeReportAnswer = z.object({
  questionID: z.number().nullable(),
  answer: z.string(),
  cachedQuestion: z.string(),
});

export const FeeReportAssessedFee = z.object({
  id: z.number(),
  status: z.enum(["due", "partial", "paid"]),
  quantity: z.number(),
  /** Dollars. */
  assessedCost: z.number(),
  paid: z.number(),
  owed: z.number(),
  assessedDate: z.string(),
  paymentDate: z.string().nullable(),
  notes: z.string().nullable(),
  person: FeeReportPerson,
  answers: z.array(FeeReportAnswer),
});
export type FeeReportAssessedFee = z.infer<typeof FeeReportAssessedFee>;

export const FeeReport = z.object({
  id: z.number(),
  name: z.string(),
  accountCode: z.string().nullable(),
  questions: z.array(CourseQuestionSummary),
  assessedFees: z.array(FeeReportAssessedFee),
});
export type FeeReport = z.infer<typeof FeeReport>;

export const FeeParams = z.object({ feeId: dbIdParam() });

// ---- The calls ------------------------------------------------------------------------------

// Every read is limited to the caller's own sections and fees.
const INSTRUCTOR = { access: "staff", roles: [INSTRUCTOR_ROLE], tag: "staff" } as const;

export const getInstructorPrograms = endpoint({
  ...INSTRUCTOR,
  method: "GET",
  path: "/v1/instructor/program",
  replies: { 200: InstructorProgramsReply },
  summary: "The instructor's programs and sections",
});

export const getInstructorSection = endpoint({
  ...INSTRUCTOR,
  method: "GET",
  path: "/v1/instructor/section/:sectionId",
  params: SectionParams,
  replies: { 200: InstructorSectionReply },
  summary: "A section's roster",
});

export const getRosterPdf = endpoint({
  ...INSTRUCTOR,
  method: "POST",
  path: "/v1/instructor/pdfReport",
  body: InstructorPdfRequest,
  replies: { 200: "pdf" },
  refusals: { 404: "No such section, or not the instructor's" },
  summary: "A roster as a PDF report",
});

// The my-fees calls take any token: anyone but an employee is told "Invalid User" (spec 02 §6).
export const getFeeReportPdf = endpoint({
  method: "GET",
  path: "/v1/myFees/pdfReport/:feeId",
  access: "any",
  params: FeeParams,
  replies: { 200: "pdf" },
  summary: "A fee's report as a PDF",
  tag: "staff",
});

export const listMyFees = endpoint({
  method: "GET",
  path: "/v1/myFees",
  access: "any",
  replies: { 200: MyFeesReply },
  summary: "The fees a staff member manages",
  tag: "staff",
});

export const getFeeReport = endpoint({
  method: "GET",
  path: "/v1/myFees/:feeId",
  access: "any",
  params: FeeParams,
  replies: { 200: FeeReport },
  summary: "A fee's report: who bought and answered what",
  tag: "staff",
});
