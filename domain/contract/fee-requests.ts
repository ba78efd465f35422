// Wire contract of fee requests (spec 02 §3 fee proposal and lookups, §7 lookup and save calls).
// The save body is validated by the form schema itself (domain/forms/fee-request.ts), because its
// date rules need the server's clock.
import { z } from "zod";
import { FeeRequestInput } from "../forms/fee-request";
import { dbIdParam } from "./common";
import { endpoint } from "./endpoint";

/** Proposes fees: fills in and saves fee requests. */
export const FEE_PROPOSER_ROLE = "fee_proposer";
/** Reviews fee requests: approves (the request becomes a fee) or denies them. */
export const FEE_ADMIN_ROLE = "fee_admin";

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

/**
 * The save call's body: the form's fields, each read leniently. Its rules (required fields, the
 * collection window not in the past, questions) are checked by the form's schema with the
 * server's clock, and a request breaking them is refused with errorCode 1 and the issues.
 */
export const SaveFeeRequestBody = FeeRequestInput;

// ---- The calls ------------------------------------------------------------------------------

// The lookups and the list serve the form (proposers) and the review (fee administrators).
const READERS = {
  access: "staff",
  roles: [FEE_PROPOSER_ROLE, FEE_ADMIN_ROLE],
  tag: "fee requests",
} as const;

export const listSchools = endpoint({
  ...READERS,
  method: "GET",
  path: "/v1/instructor/schools",
  replies: { 200: SchoolsReply },
  summary: "Schools a fee request may name",
});

export const listSchoolYears = endpoint({
  ...READERS,
  method: "GET",
  path: "/v1/instructor/school-years",
  replies: { 200: SchoolYearsReply },
  summary: "School years a fee request may name",
});

export const listApprovalRoutes = endpoint({
  ...READERS,
  method: "GET",
  path: "/v1/instructor/approval-routes",
  replies: { 200: ApprovalRoutesReply },
  summary: "Approval routes for fee requests",
});

export const listEmployees = endpoint({
  ...READERS,
  method: "GET",
  path: "/v1/instructor/employees",
  replies: { 200: EmployeesReply },
  summary: "Employees a fee request may name",
});

export const listFeeCategories = endpoint({
  ...READERS,
  method: "GET",
  path: "/v1/instructor/fee-categories",
  replies: { 200: FeeCategoriesReply },
  summary: "Fee categories",
});

export const listFeeProposals = endpoint({
  ...READERS,
  method: "GET",
  path: "/v1/instructor/fee-proposals",
  replies: { 200: FeeProposalsReply },
  summary: "Fee requests the staff member proposed or reviews",
});

export const saveFeeRequest = endpoint({
  method: "POST",
  path: "/v1/fee-requests/save",
  access: "staff",
  roles: [FEE_PROPOSER_ROLE],
  body: SaveFeeRequestBody,
  replies: { 200: SaveFeeRequestReply },
  refusals: {
    422: "A school, year, approval route, category or sponsor the request names is unknown or inactive",
  },
  summary: "Save or submit a fee request",
  tag: "fee requests",
});

export const approveFeeRequest = endpoint({
  method: "POST",
  path: "/v1/fee-requests/:id/approve",
  access: "staff",
  roles: [FEE_ADMIN_ROLE],
  params: ReviewParams,
  body: ApproveRequest,
  replies: { 200: ReviewReply },
  summary: "Approve a fee request (it becomes a fee)",
  tag: "fee requests",
});

export const denyFeeRequest = endpoint({
  method: "POST",
  path: "/v1/fee-requests/:id/deny",
  access: "staff",
  roles: [FEE_ADMIN_ROLE],
  params: ReviewParams,
  body: DenyRequest,
  replies: { 200: ReviewReply },
  summary: "Deny a fee request with a reason",
  tag: "fee requests",
});
