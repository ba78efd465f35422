// Wire contract of fee requests (spec 02 §3 fee proposal and lookups, §7 lookup and save calls).
// The save body is validated by the form schema itself (domain/forms/fee-request.ts), because its
// date rules need the server's clock.
import { z } from "zod";
import { dbIdParam } from "./common";

export const REQUEST_STATUSES = ["Pending", "Approved", "Denied"] as const;
export const RequestStatus = z.enum(REQUEST_STATUSES);
export type RequestStatus = z.infer<typeof RequestStatus>;

export const School = z.object({ id: z.number(), shortName: z.string(), fullName: z.string() });
export const SchoolYear = z.object({ id: z.number(), year: z.string() });
export const ApprovalRoute = z.object({ id: z.number(), route: z.string() });
export const EmployeeRef = z.object({ id: z.string(), name: z.string() });
export const FeeCategory = z.object({ id: z.number(), name: z.string() });

export const SchoolsReply = z.array(School);
export const SchoolYearsReply = z.array(SchoolYear);
export const ApprovalRoutesReply = z.array(ApprovalRoute);
export const EmployeesReply = z.array(EmployeeRef);
export const FeeCategoriesReply = z.array(FeeCategory);

export const ProposalQuestion = z.object({
  id: z.number().optional(),
  question: z.string(),
  responseType: z.enum(["Value List", "Free Form", "Waiver", "Signature"]),
  answerList: z.array(z.string()),
  sortOrder: z.number(),
});

export const StatusHistoryEntry = z.object({
  status: RequestStatus,
  by: z.string(),
  notes: z.string().nullable(),
  at: z.string(),
});
export type StatusHistoryEntry = z.infer<typeof StatusHistoryEntry>;

/** A fee proposal as listed (spec 02 §3 "Fee proposal (request)"). Dates are ISO strings. */
export const FeeProposal = z.object({
  id: z.number(),
  feeName: z.string(),
  school: z.object({ id: z.number(), shortName: z.string() }),
  schoolYear: z.object({ id: z.number(), year: z.string() }),
  feeType: z.enum(["Course", "Enrollment", "Optional"]),
  feeCategory: z.object({ id: z.number(), name: z.string() }).nullable(),
  approvalRoute: z.object({ id: z.number(), route: z.string() }),
  cost: z.number(),
  costVariable: z.boolean(),
  accountCode: z.string().nullable(),
  accountAssignedByBusinessOffice: z.boolean(),
  allowStudent: z.boolean(),
  allowEmployee: z.boolean(),
  allowCommunityMember: z.boolean(),
  allowGuest: z.boolean(),
  feeDescription: z.string(),
  otherInformation: z.string(),
  courseQuestions: z.array(ProposalQuestion),
  facultySponsors: z.array(EmployeeRef),
  saleStartDate: z.string(),
  saleEndDate: z.string(),
  /** The calendar dates typed in the form, "YYYY-MM-DD" (district time). */
  collectionStart: z.string(),
  collectionEnd: z.string(),
  createdAt: z.string(),
  createdBy: EmployeeRef,
  requestStatus: RequestStatus,
  /** Approver notes of the status history, newest last, one per line. */
  approverNotes: z.string(),
  statusHistory: z.array(StatusHistoryEntry),
  /** The fee created on approval. */
  feeId: z.number().nullable(),
});
export type FeeProposal = z.infer<typeof FeeProposal>;
export const FeeProposalsReply = z.array(FeeProposal);

/** Save: success has errorCode 0; refusals come as 4xx with errorCode and errorMessage. */
export const SaveFeeRequestReply = z.object({
  errorCode: z.literal(0),
  feeRequestId: z.number(),
  requestStatus: RequestStatus,
});
export const FeeRequestRefusal = z.object({
  message: z.string(),
  errorCode: z.number(),
  errorMessage: z.string(),
});

export const SAVE_ERROR = {
  invalid: 1,
  notFound: 2,
  notEditable: 3,
  unknownLookup: 4,
  notYours: 5,
  notPending: 6,
  /** The approver made or sponsors the request (decision 140). */
  ownRequest: 7,
} as const;

export const ReviewParams = z.object({ id: dbIdParam() });
export const ApproveRequest = z.object({ notes: z.string().trim().max(2000).optional() });
export const DenyRequest = z.object({ notes: z.string().trim().max(2000).default("") });
export const ReviewReply = z.object({
  feeRequestId: z.number(),
  requestStatus: RequestStatus,
  feeId: z.number().nullable(),
});
