// Wire contract of the fees the administration makes and assesses (decision 121):
// /v1/admin/fees and /v1/admin/assessed-fees, for the district_admin role only. Money is
// integer cents; instants carry their offset.
import { z } from "zod";
import { t } from "../messages/admin";
import { ANY_CONTROL, FORBIDDEN_CONTROL, MAX_DB_INT, NO_CONTROL } from "../rules/input";
import { FEE_TYPES, RESPONSE_TYPES } from "../forms/fee-request";
import { DISTRICT_ADMIN_ROLE, Instant } from "./admin";
import { endpoint } from "./endpoint";

/** Fees and assessed students are listed this many to a page. */
export const FEE_PAGE_SIZE = 50;
/** At most this many student IDs in one assessment by list. */
export const MAX_STUDENT_IDS = 50_000;
/** The highest amount of a fee, in cents ($100,000). */
export const MAX_FEE_CENTS = 10_000_000;

const id = z.coerce.number().int().positive().max(MAX_DB_INT);
const cents = z
  .number({ invalid_type_error: t("adminFees.centsWhole") })
  .int(t("adminFees.centsWhole"))
  .min(0, t("adminFees.centsRange"))
  .max(MAX_FEE_CENTS, t("adminFees.centsRange"));
const quantity = z
  .number()
  .int(t("adminFees.quantityWhole"))
  .min(1, t("adminFees.quantityRange"))
  .max(1_000, t("adminFees.quantityRange"));
const line = (max: number) =>
  z
    .string()
    .trim()
    .min(1, t("admin.required"))
    .max(max)
    .regex(NO_CONTROL, t("input.controlCharacters"));
const lines = (max: number) =>
  z
    .string()
    .max(max)
    .refine((v) => !FORBIDDEN_CONTROL.test(v), t("input.controlCharacters"));

export const FeeQuestion = z
  .object({
    question: lines(2_000).refine((v) => v.trim().length > 0, t("admin.required")),
    responseType: z.enum(RESPONSE_TYPES),
    answerList: z.array(line(200)).max(50),
    sortOrder: z.number().int().min(1).max(1_000),
  })
  .strict();
export type FeeQuestion = z.infer<typeof FeeQuestion>;

/** A special price and how many of the fee a person may have at it (no quantity: any number). */
const special = z.object({ amountCents: cents, quantity: quantity.nullable() }).strict().nullable();

export const FeeFields = z
  .object({
    name: line(200),
    description: lines(10_000),
    feeType: z.enum(FEE_TYPES),
    schoolId: id.nullable(),
    schoolYearId: id.nullable(),
    feeGroupId: id.nullable(),
    accountCode: z
      .string()
      .trim()
      .max(100)
      .refine((v) => !ANY_CONTROL.test(v), t("input.controlCharacters"))
      .nullable(),
    /** The price; for a donation, the least a person may give. */
    amountCents: cents,
    isDonation: z.boolean(),
    maxQuantity: quantity,
    allowPartial: z.boolean(),
    free: special,
    reduced: special,
    activity: special,
    allowStudent: z.boolean(),
    allowEmployee: z.boolean(),
    allowCommunityMember: z.boolean(),
    allowGuest: z.boolean(),
    saleStart: Instant.nullable(),
    saleEnd: Instant.nullable(),
    active: z.boolean(),
    questions: z.array(FeeQuestion).max(50),
  })
  .strict();

/** The rules between fields, shared by a new fee and a change (the form checks them too). */
export function checkFee(
  v: Partial<z.infer<typeof FeeFields>>,
  ctx: z.RefinementCtx,
  path: (field: string) => (string | number)[] = (f) => [f],
): void {
  if (v.saleStart && v.saleEnd && Date.parse(v.saleEnd) <= Date.parse(v.saleStart)) {
    ctx.addIssue({ code: "custom", path: path("saleEnd"), message: t("adminFees.saleEndBefore") });
  }
  const qs = v.questions ?? [];
  const orders = new Set<number>();
  let waivers = 0;
  qs.forEach((q, i) => {
    if (orders.has(q.sortOrder)) {
      ctx.addIssue({
        code: "custom",
        path: [...path("questions"), i, "sortOrder"],
        message: t("adminFees.duplicateSortOrder", { n: q.sortOrder }),
      });
    }
    orders.add(q.sortOrder);
    if (q.responseType === "Waiver" && ++waivers > 1) {
      ctx.addIssue({
        code: "custom",
        path: [...path("questions"), i, "responseType"],
        message: t("adminFees.oneWaiver"),
      });
    }
    if (q.responseType === "Value List" && q.answerList.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: [...path("questions"), i, "answerList"],
        message: t("adminFees.valueListRequired"),
      });
    }
  });
}

export const FeeRequest = FeeFields.superRefine((v, ctx) => checkFee(v, ctx));
export type FeeRequest = z.infer<typeof FeeFields>;

export const FeeIdParams = z.object({ id });
export const AssessedFeeIdParams = z.object({ id });

export const FeeListQuery = z
  .object({
    q: z.string().trim().max(100).regex(NO_CONTROL).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  })
  .strict();
export type FeeListQuery = z.infer<typeof FeeListQuery>;

export const FeeSummary = z.object({
  id: z.number(),
  name: z.string(),
  amountCents: z.number(),
  feeType: z.string(),
  school: z.string().nullable(),
  year: z.string().nullable(),
  active: z.boolean(),
  assessedCount: z.number(),
});
export const FeeListPage = z.object({
  fees: z.array(FeeSummary),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type FeeListPage = z.infer<typeof FeeListPage>;

export const AdminFee = FeeFields.extend({ id: z.number(), createdAt: z.string() });
export type AdminFee = z.infer<typeof AdminFee>;
/** A change: the fields it changed (none when nothing did) and the fee as it is now. */
export const FeeUpdated = z.object({ changed: z.array(z.string()), fee: AdminFee });
export type FeeUpdated = z.infer<typeof FeeUpdated>;

const option = z.object({ id: z.number(), name: z.string() });
export const FeeOptions = z.object({
  schools: z.array(option),
  years: z.array(option),
  feeGroups: z.array(option),
  grades: z.array(z.string()),
});
export type FeeOptions = z.infer<typeof FeeOptions>;

// ---- Fee groups ------------------------------------------------------------------------------

/** A fee group's name: one line, unique whatever its case (decision 127). */
export const MAX_FEE_GROUP_NAME = 100;
export const FeeGroupRequest = z.object({ name: line(MAX_FEE_GROUP_NAME) }).strict();
export type FeeGroupRequest = z.infer<typeof FeeGroupRequest>;
export const FeeGroupIdParams = z.object({ id });

/** A fee group with how many fees are in it. */
export const FeeGroup = z.object({ id: z.number(), name: z.string(), feeCount: z.number() });
export type FeeGroup = z.infer<typeof FeeGroup>;
export const FeeGroupList = z.object({ groups: z.array(FeeGroup) });
export type FeeGroupList = z.infer<typeof FeeGroupList>;
export const FeeGroupCreated = z.object({ id: z.number() });
/** A rename: the group as it is now, and whether its name changed. */
export const FeeGroupRenamed = z.object({ id: z.number(), name: z.string(), changed: z.boolean() });

// ---- Assessing -------------------------------------------------------------------------------

export const AssessTarget = z.discriminatedUnion("by", [
  z
    .object({
      by: z.literal("students"),
      studentIds: z
        .array(z.number().int().positive().max(MAX_DB_INT))
        .min(1, t("adminFees.studentIdsRequired"))
        .max(MAX_STUDENT_IDS, t("adminFees.tooManyStudentIds", { max: MAX_STUDENT_IDS })),
    })
    .strict(),
  z
    .object({
      by: z.literal("group"),
      grade: z.string().trim().min(1).max(20).regex(NO_CONTROL).nullable(),
      schoolId: id.nullable(),
    })
    .strict(),
  z.object({ by: z.literal("section"), sectionId: z.string().uuid() }).strict(),
]);
export type AssessTarget = z.infer<typeof AssessTarget>;
export const AssessRequest = z
  .object({ target: AssessTarget })
  .strict()
  .superRefine((v, ctx) => {
    if (v.target.by === "group" && v.target.grade === null && v.target.schoolId === null) {
      ctx.addIssue({
        code: "custom",
        path: ["target", "grade"],
        message: t("adminFees.gradeOrSchool"),
      });
    }
  });

export const AssessPreview = z.object({
  count: z.number(),
  totalCents: z.number(),
  alreadyAssessed: z.number(),
  students: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      grade: z.string().nullable(),
      priceCents: z.number(),
    }),
  ),
});
export type AssessPreview = z.infer<typeof AssessPreview>;
export const AssessResult = z.object({
  assessed: z.number(),
  totalCents: z.number(),
  alreadyAssessed: z.number(),
});
export type AssessResult = z.infer<typeof AssessResult>;

export const AssessedListQuery = FeeListQuery;
export const AssessedStudent = z.object({
  id: z.number(),
  participantId: z.number().nullable(),
  name: z.string(),
  grade: z.string().nullable(),
  status: z.string(),
  assessedCents: z.number(),
  paidCents: z.number(),
  waived: z.boolean(),
  adjustReason: z.string().nullable(),
});
export type AssessedStudent = z.infer<typeof AssessedStudent>;
export const AssessedPage = z.object({
  students: z.array(AssessedStudent),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AssessedPage = z.infer<typeof AssessedPage>;

const reason = line(500);
export const WaiveRequest = z.object({ reason }).strict();
export const AdjustRequest = z.object({ amountCents: cents, reason }).strict();
/** An adjustment: whether the amount changed, and the assessed fee as it is now. */
export const AssessedAdjusted = z.object({ changed: z.boolean(), assessed: AssessedStudent });
export type AssessedAdjusted = z.infer<typeof AssessedAdjusted>;

// ---- The calls ------------------------------------------------------------------------------

const ADMIN = { access: "staff", roles: [DISTRICT_ADMIN_ROLE], tag: "admin" } as const;

export const listFees = endpoint({
  ...ADMIN,
  method: "GET",
  path: "/v1/admin/fees",
  query: FeeListQuery,
  replies: { 200: FeeListPage },
  summary: "One page of fees, searched by name or account code",
});

export const getFeeOptions = endpoint({
  ...ADMIN,
  method: "GET",
  path: "/v1/admin/fees/options",
  replies: { 200: FeeOptions },
  summary: "The schools, years, fee groups and grades a fee and an assessment may name",
});

export const createFee = endpoint({
  ...ADMIN,
  method: "POST",
  path: "/v1/admin/fees",
  body: FeeRequest,
  replies: { 201: AdminFee },
  summary: "Create a fee with its price rules and questions",
});

export const getFee = endpoint({
  ...ADMIN,
  method: "GET",
  path: "/v1/admin/fees/:id",
  params: FeeIdParams,
  replies: { 200: AdminFee },
  summary: "One fee as the administration edits it",
});

export const updateFee = endpoint({
  ...ADMIN,
  method: "PUT",
  path: "/v1/admin/fees/:id",
  params: FeeIdParams,
  body: FeeRequest,
  replies: { 200: FeeUpdated },
  summary: "Change a fee; the changed values are recorded in the audit trail",
});

export const previewAssessment = endpoint({
  ...ADMIN,
  method: "POST",
  path: "/v1/admin/fees/:id/assess/preview",
  params: FeeIdParams,
  body: AssessRequest,
  replies: { 200: AssessPreview },
  summary: "Who an assessment would charge and how much; changes nothing",
});

export const assessFee = endpoint({
  ...ADMIN,
  method: "POST",
  path: "/v1/admin/fees/:id/assess",
  params: FeeIdParams,
  body: AssessRequest,
  replies: { 200: AssessResult },
  summary: "Charge the fee to students not yet assessed it, each at their price",
});

export const listAssessed = endpoint({
  ...ADMIN,
  method: "GET",
  path: "/v1/admin/fees/:id/assessed",
  params: FeeIdParams,
  query: AssessedListQuery,
  replies: { 200: AssessedPage },
  summary: "One page of the students assessed a fee",
});

export const waiveAssessedFee = endpoint({
  ...ADMIN,
  method: "POST",
  path: "/v1/admin/assessed-fees/:id/waive",
  params: AssessedFeeIdParams,
  body: WaiveRequest,
  replies: { 200: AssessedStudent },
  summary: "Waive what is still owed on an assessed fee, with a reason",
});

export const adjustAssessedFee = endpoint({
  ...ADMIN,
  method: "POST",
  path: "/v1/admin/assessed-fees/:id/adjust",
  params: AssessedFeeIdParams,
  body: AdjustRequest,
  replies: { 200: AssessedAdjusted },
  summary: "Set an assessed fee's amount, not below what was paid, with a reason",
});

export const listFeeGroups = endpoint({
  ...ADMIN,
  method: "GET",
  path: "/v1/admin/fee-groups",
  replies: { 200: FeeGroupList },
  summary: "Every fee group, with how many fees are in it",
});

export const createFeeGroup = endpoint({
  ...ADMIN,
  method: "POST",
  path: "/v1/admin/fee-groups",
  body: FeeGroupRequest,
  replies: { 201: FeeGroupCreated },
  summary: "Create a fee group; its name is unique whatever its case",
});

export const renameFeeGroup = endpoint({
  ...ADMIN,
  method: "PUT",
  path: "/v1/admin/fee-groups/:id",
  params: FeeGroupIdParams,
  body: FeeGroupRequest,
  replies: { 200: FeeGroupRenamed },
  summary: "Rename a fee group; the old and new names are recorded in the audit trail",
});
