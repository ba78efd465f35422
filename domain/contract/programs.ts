// Wire contract of programs, the health survey and registration (spec 01 §3, §7). Money is in
// dollars on the wire; the district API converts from integer cents at the edge.
import { z } from "zod";
import { dbId, uuid } from "./common";
import { endpoint } from "./endpoint";

export const CourseStatus = z.enum([
  "open",
  "waitlist",
  "closed-no-waitlist",
  "registered",
  "waitlisted",
  "partial",
  "registered-with-credits",
  "registered-with-credits-pending-payment",
]);
export type CourseStatus = z.infer<typeof CourseStatus>;

export const ResponseType = z.enum(["Value List", "Free Form", "Waiver", "Signature"]);
export type ResponseType = z.infer<typeof ResponseType>;

/** The person's live registration state for a section (null: none). */
export const RegistrationStatus = z.enum([
  "registered",
  "pending_payment",
  "waitlisted",
  "offered",
]);
export type RegistrationStatus = z.infer<typeof RegistrationStatus>;

export const CourseQuestion = z.object({
  id: z.number().int(),
  question: z.string(),
  responseType: ResponseType,
  answerList: z.array(z.string()),
  sortOrder: z.number().int(),
  userSubmittedAnswer: z.string().optional(),
  /**
   * Asked for in Spanish (decision 172): the district's Spanish answers, one per answer of
   * `answerList` in its order, to show in place of them. The answer sent and kept stays the
   * `answerList` one, so rosters read the same whatever language the family chose.
   */
  answerLabels: z.array(z.string()).optional(),
  /** Asked for in Spanish: which of "question" and "answerList" the district gave in Spanish. */
  spanish: z.array(z.string()).optional(),
});
export type CourseQuestion = z.infer<typeof CourseQuestion>;

export const Course = z.object({
  courseSelectionUUID: uuid,
  courseUUID: uuid,
  programUUID: uuid,
  programName: z.string(),
  termID: z.string(),
  category: z.string().nullable(),
  courseNumber: z.string(),
  name: z.string(),
  description: z.string(),
  sectionNumber: z.string(),
  term: z.string(),
  status: CourseStatus,
  registrationStatus: RegistrationStatus.nullable(),
  registrationId: uuid.nullable(),
  /** The person's place in the waitlist (1 is next) while waitlisted, else null. */
  waitlistPosition: z.number().int().positive().nullable().optional(),
  dateStartFull: z.string(),
  dateEndFull: z.string(),
  meetingDays: z.string(),
  meetingTime: z.string(),
  deliveryMethod: z.string(),
  credits: z.number(),
  cost: z.number(),
  originalCost: z.number(),
  courseCredits: z.number(),
  paidAmount: z.number(),
  paidOrPendingAmount: z.number(),
  requiresPayment: z.boolean(),
  paymentDue: z.boolean(),
  /** End of the payment window or waitlist offer (ISO), when one runs. */
  paymentDeadline: z.string().nullable(),
  /** The payment window was extended already: it cannot be again (decision 146). */
  paymentWindowExtended: z.boolean().optional(),
  isInCart: z.boolean(),
  financialAid: z.string().nullable(),
  programAllowPartial: z.boolean(),
  programCancellationMessage: z.string(),
  notes: z.string().nullable(),
  school: z.object({ fullName: z.string() }).nullable(),
  seatsAvailable: z.number().int(),
  courseQuestions: z.array(CourseQuestion),
  timeConflictOverride: z.boolean(),
  oneSectionPerTermOverride: z.boolean(),
  registrationError: z.boolean(),
  /**
   * Asked for in Spanish: the fields the district gave in Spanish (decision 172) among programName,
   * name, description, notes and programCancellationMessage; the others are its English.
   */
  spanish: z.array(z.string()).optional(),
});
export type Course = z.infer<typeof Course>;

export const Program = z.object({
  programUUID: uuid,
  name: z.string(),
  open: z.boolean(),
  oneSectionPerTerm: z.boolean(),
  requiresSurvey: z.boolean(),
  finishedSurvey: z.boolean(),
  courses: z.array(Course),
  /** Asked for in Spanish: ["name"] when the district gave the program's name in Spanish. */
  spanish: z.array(z.string()).optional(),
});
export type Program = z.infer<typeof Program>;

export const ProgramsReply = z.array(Program);
export type ProgramsReply = z.infer<typeof ProgramsReply>;

/** GET /v1/program?scope=registrations: every program (open or not) with the person's live registrations only. */
export const ProgramsQuery = z.object({ scope: z.enum(["eligible", "registrations"]).optional() });

export const SurveyRequest = z.object({
  isAtRisk: z.boolean(),
  answers: z.record(z.string().max(100), z.string().max(2000)).optional(),
});
export type SurveyRequest = z.infer<typeof SurveyRequest>;
export const SurveyParams = z.object({ programUUID: z.string().uuid() });
export const SurveyReply = z.object({ programUUID: uuid, finishedSurvey: z.literal(true) });

export const SubmittedAnswer = z.object({
  id: dbId(),
  userSubmittedAnswer: z.string().max(5000).optional(),
});

/**
 * Body of every register call. activeCourse carries the answers, and the status the person's
 * page showed: when the server's view differs the reply is 406 and the page reloads.
 */
export const RegisterRequest = z
  .object({
    reason: z.string().trim().max(200).optional(),
    activeCourse: z
      .object({
        courseSelectionUUID: uuid.optional(),
        status: CourseStatus.optional(),
        courseQuestions: z.array(SubmittedAnswer).max(50).optional(),
        /** Typed name or a PNG data URL of the drawn signature (waiver screen). */
        signature: z.string().max(300_000).optional(),
        legalName: z.string().trim().max(200).optional(),
      })
      .optional(),
  })
  .default({});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

export const RegisterParams = z.object({ courseSelectionUUID: uuid });

export const RegisterReply = z.object({
  registrationId: uuid,
  courseSectionID: uuid,
  /** Minutes of the payment window; 0 when no payment is needed. */
  timeout: z.number(),
  hint: z.string().optional(),
  status: z.enum(["registered", "pending_payment", "waitlisted", "offered", "cancelled"]),
});
export type RegisterReply = z.infer<typeof RegisterReply>;

/** POST /v1/registrations/{registrationId}/payment-window: more time to pay, once (decision 146). */
export const PaymentWindowParams = z.object({ registrationId: uuid });

export const PaymentWindowReply = z.object({
  registrationId: uuid,
  /** The payment window's new end (ISO). */
  paymentDeadline: z.string(),
  /** The new end of the open cart the registration is in (ISO), else null. */
  cartTimeout: z.string().nullable(),
});
export type PaymentWindowReply = z.infer<typeof PaymentWindowReply>;

/** GET /v1/register/{courseSelectionUUID}/check: nothing of the person's stands in the way. */
export const RegisterCheckReply = z.object({ ok: z.literal(true) });

/** errorCode values of register refusals, so the page can pick its message. */
export const RegisterErrorCode = {
  full: 1,
  timeConflict: 2,
  oneSectionPerTerm: 3,
  answers: 4,
  waiver: 5,
  survey: 6,
  stale: 7,
  notFound: 8,
} as const;

// ---- The calls ------------------------------------------------------------------------------

export const listPrograms = endpoint({
  method: "GET",
  path: "/v1/program",
  access: "participant",
  query: ProgramsQuery,
  replies: { 200: ProgramsReply },
  summary: "Programs and courses the person may register for, with their states",
  tag: "programs",
});

export const submitSurvey = endpoint({
  method: "POST",
  path: "/v1/survey/:programUUID",
  access: "participant",
  params: SurveyParams,
  body: SurveyRequest,
  replies: { 200: SurveyReply },
  summary: "Submit a program's health survey",
  tag: "programs",
});

export const joinWaitlist = endpoint({
  method: "POST",
  path: "/v1/register/waitlist/:courseSelectionUUID",
  access: "participant",
  params: RegisterParams,
  body: RegisterRequest,
  replies: { 200: RegisterReply },
  refusals: { 406: "The course has no waitlist open, or the page the family saw is out of date" },
  summary: "Join a course's waitlist",
  tag: "registration",
});

export const leaveWaitlist = endpoint({
  method: "DELETE",
  path: "/v1/register/waitlist/:courseSelectionUUID",
  access: "participant",
  params: RegisterParams,
  body: RegisterRequest,
  replies: { 200: RegisterReply },
  summary: "Leave a course's waitlist",
  tag: "registration",
});

export const checkRegistration = endpoint({
  method: "GET",
  path: "/v1/register/:courseSelectionUUID/check",
  access: "participant",
  params: RegisterParams,
  replies: { 200: RegisterCheckReply },
  refusals: {
    406: "The section is full, or the page the family saw is out of date",
    409: "Register would refuse it now (time conflict, survey, one section per term): the message says why",
  },
  summary: "Whether the person's own schedule or program rules would refuse a registration",
  tag: "registration",
});

export const registerForCourse = endpoint({
  method: "POST",
  path: "/v1/register/:courseSelectionUUID",
  access: "participant",
  params: RegisterParams,
  body: RegisterRequest,
  replies: { 200: RegisterReply },
  refusals: {
    406: "The section is full, or the page the family saw is out of date (errorCode says which)",
  },
  summary: "Register for a course (a paid course holds the seat for the payment window)",
  tag: "registration",
});

export const cancelRegistration = endpoint({
  method: "DELETE",
  path: "/v1/register/:courseSelectionUUID",
  access: "participant",
  params: RegisterParams,
  body: RegisterRequest,
  replies: { 200: RegisterReply },
  summary: "Cancel a registration",
  tag: "registration",
});

// More time to pay, once (decision 146): the registration's own participant only.
export const extendPaymentWindow = endpoint({
  method: "POST",
  path: "/v1/registrations/:registrationId/payment-window",
  access: "participant",
  params: PaymentWindowParams,
  replies: { 200: PaymentWindowReply },
  refusals: {
    404: "No registration of the caller's with this id (another family's is not found either)",
    409: "The window has ended, the registration no longer awaits payment, or it was extended before",
  },
  summary:
    "More time to pay, once: the payment window (and the cart it is in) moves by the district's window from its old end",
  tag: "registration",
});
