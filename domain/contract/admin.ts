// Wire contract of the district administration (decision 119): settings, the maintenance
// window, staff accounts and the audit trail. Every call is for the district_admin role only.
import { z } from "zod";
import { t } from "../messages/admin";
import { FORBIDDEN_CONTROL, NO_CONTROL } from "../rules/input";
import { MAILED_CHECK_SHARE } from "../rules/mailed-check-promises";
import { endpoint } from "./endpoint";
import { Settings } from "./identity";

/** The administrator role (decision 119); it sees ADMINISTRATION and may call /v1/admin. */
export const DISTRICT_ADMIN_ROLE = "district_admin";

/** The business office (decision 123): mailed checks; administrators have it too. */
export const BUSINESS_OFFICE_ROLE = "business_office";

/** Takes money at the register (cash, check, card reader; decision 140). */
export const CASHIER_ROLE = "cashier";

/** The roles a staff account may hold, a fixed list. */
export const STAFF_ROLES = [
  "instructor",
  "fee_admin",
  "fee_proposer",
  CASHIER_ROLE,
  BUSINESS_OFFICE_ROLE,
  DISTRICT_ADMIN_ROLE,
] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Lengths a district's texts may have. */
export const TEXT_LIMITS = { line: 200, message: 2_000, markdown: 20_000 } as const;

/** The placeholder the confirmation texts must keep (spec 02 §3). */
export const CONFIRMATION_PLACEHOLDER = "{confirmationNumber}";

/** The bounds of the days a mailed-check promise waits, and its default (decision 123). */
export const MAILED_CHECK_DAYS = { min: 1, max: 365, default: 21 } as const;

/** The bounds of the cart hold and the payment window, in minutes. */
export const DURATION_MINUTES = { min: 1, max: 24 * 60 } as const;

const line = (max: number = TEXT_LIMITS.line) =>
  z
    .string()
    .trim()
    .min(1, t("admin.required"))
    .max(max)
    .regex(NO_CONTROL, t("input.controlCharacters"));
/** A text of several lines (tab and line breaks allowed, no other control character). */
const lines = (max: number, required = false) =>
  z
    .string()
    .max(max)
    .refine((v) => !FORBIDDEN_CONTROL.test(v), t("input.controlCharacters"))
    .refine((v) => !required || v.trim().length > 0, t("admin.required"));
const confirmation = lines(TEXT_LIMITS.message, true).refine(
  (v) => v.includes(CONFIRMATION_PLACEHOLDER),
  t("admin.settings.placeholderMissing", { placeholder: CONFIRMATION_PLACEHOLDER }),
);
const minutes = z
  .number()
  .int(t("admin.settings.wholeMinutes"))
  .min(DURATION_MINUTES.min, t("admin.settings.minutesRange"))
  .max(DURATION_MINUTES.max, t("admin.settings.minutesRange"));

/** Everything an administrator edits on the settings page, each with its rule. */
export const SettingsFields = z.object({
  homeMessage: z.object({ show: z.boolean(), message: lines(TEXT_LIMITS.message) }).strict(),
  instructions: lines(TEXT_LIMITS.markdown),
  instructorInstructions: lines(TEXT_LIMITS.markdown),
  logInMessage: lines(TEXT_LIMITS.message),
  guestLogInMessage: lines(TEXT_LIMITS.message),
  instructorLogInMessage: lines(TEXT_LIMITS.message),
  gradeLabel: line(60),
  gradeDescription: lines(TEXT_LIMITS.message),
  registrationPaymentConfirmed: confirmation,
  waitlistPaymentConfirmed: confirmation,
  cancelPaymentRegistration: lines(TEXT_LIMITS.message),
  programCancellationMessage: lines(TEXT_LIMITS.message),
  partiallyCompletedPaymentMessage: lines(TEXT_LIMITS.message),
  feeRequestInstructions: lines(TEXT_LIMITS.message),
  districtName: line(),
  checkPayableTo: line(),
  checkMailingAddress: lines(500, true),
  cartHoldMinutes: minutes,
  paymentWindowMinutes: minutes,
  /** Days a mailed-check promise waits before the business office may cancel it (decision 123). */
  mailedCheckDays: z
    .number()
    .int(t("admin.settings.wholeDays"))
    .min(MAILED_CHECK_DAYS.min, t("admin.settings.daysRange"))
    .max(MAILED_CHECK_DAYS.max, t("admin.settings.daysRange")),
  /** The share of a section's seats unpaid mailed-check promises may hold (decision 138). */
  mailedCheckSharePercent: z
    .number()
    .int(t("admin.settings.wholePercent"))
    .min(MAILED_CHECK_SHARE.min, t("admin.settings.percentRange"))
    .max(MAILED_CHECK_SHARE.max, t("admin.settings.percentRange")),
});

/** A change of settings sends some of the fields. */
export const SettingsChange = SettingsFields.partial().strict();
export type SettingsChange = z.infer<typeof SettingsChange>;

/** The settings as an administrator reads them: the families' texts and the two durations. */
export const AdminSettings = Settings.extend({
  cartHoldMinutes: z.number().int(),
  paymentWindowMinutes: z.number().int(),
  mailedCheckDays: z.number().int().default(MAILED_CHECK_DAYS.default),
  mailedCheckSharePercent: z.number().int().default(MAILED_CHECK_SHARE.default),
});
export type AdminSettings = z.infer<typeof AdminSettings>;

/** An instant with its offset ("2026-12-01T08:00:00.000Z"), a real date, 2000–2099. */
export const Instant = z
  .string()
  .max(40)
  .refine((v) => {
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v)) {
      return false;
    }
    const [y, m, d] = v.slice(0, 10).split("-").map(Number) as [number, number, number];
    const day = new Date(Date.UTC(y, m - 1, d));
    return (
      day.getUTCFullYear() === y &&
      day.getUTCMonth() === m - 1 &&
      day.getUTCDate() === d &&
      y >= 2000 &&
      y <= 2099 &&
      !Number.isNaN(Date.parse(v))
    );
  }, t("admin.invalidInstant"));

export const MaintenanceWindowRequest = z
  .object({ start: Instant, end: Instant })
  .strict()
  .superRefine((v, ctx) => {
    if (Date.parse(v.end) <= Date.parse(v.start)) {
      ctx.addIssue({
        code: "custom",
        path: ["end"],
        message: t("admin.maintenance.endBeforeStart"),
      });
    }
  });
export const MaintenanceWindowReply = z.object({
  start: z.string().nullable(),
  end: z.string().nullable(),
});
export type MaintenanceWindowReply = z.infer<typeof MaintenanceWindowReply>;

// ---- Staff accounts --------------------------------------------------------------------------

export const PASSWORD_LENGTH = { min: 10, max: 200 } as const;

export const StaffPassword = z
  .string()
  .min(PASSWORD_LENGTH.min, t("admin.staff.passwordTooShort", { min: PASSWORD_LENGTH.min }))
  .max(PASSWORD_LENGTH.max)
  .regex(NO_CONTROL, t("input.controlCharacters"));

export const StaffAccountRequest = z
  .object({
    username: line(60).regex(/^[A-Za-z0-9._-]+$/, t("admin.staff.usernameCharacters")),
    employeeId: line(40).regex(/^[A-Za-z0-9._-]+$/, t("admin.staff.employeeIdCharacters")),
    nameFirst: line(60),
    nameLast: line(60),
    email: z.string().trim().max(254).email().nullable().optional(),
    roles: z
      .array(z.enum(STAFF_ROLES))
      .min(1, t("admin.staff.rolesRequired"))
      .max(STAFF_ROLES.length),
    password: StaffPassword,
  })
  .strict();
export type StaffAccountRequest = z.infer<typeof StaffAccountRequest>;

export const PasswordResetRequest = z.object({ password: StaffPassword }).strict();

export const StaffIdParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

export const StaffAccount = z.object({
  id: z.number(),
  username: z.string(),
  employeeId: z.string(),
  nameFirst: z.string(),
  nameLast: z.string(),
  email: z.string().nullable(),
  roles: z.array(z.string()),
  active: z.boolean(),
});
export type StaffAccount = z.infer<typeof StaffAccount>;
export const StaffAccountsReply = z.object({ accounts: z.array(StaffAccount) });

// ---- Audit trail -----------------------------------------------------------------------------

export const AUDIT_PAGE_SIZE = 50;
/** At most this many entries go into one CSV download. */
export const AUDIT_EXPORT_LIMIT = 50_000;

export const AuditQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    actor: z.string().trim().max(60).regex(NO_CONTROL).optional(),
    action: z.string().trim().max(60).regex(NO_CONTROL).optional(),
    entity: z.string().trim().max(60).regex(NO_CONTROL).optional(),
    from: Instant.optional(),
    to: Instant.optional(),
  })
  .strict();
export type AuditQuery = z.infer<typeof AuditQuery>;

/** The actions and entities the audit trail's filter offers: every one the district API records. */
export const AUDIT_ACTION_NAMES = [
  "settings.change",
  "maintenance.schedule",
  "maintenance.cancel",
  "staff.create",
  "staff.reset-password",
  "staff.deactivate",
  "fee.create",
  "fee.update",
  "fee.assess",
  "assessed-fee.waive",
  "assessed-fee.adjust",
  "fee-group.create",
  "fee-group.update",
  "staff.roles",
  "staff.reactivate",
  "staff.unlock",
  "participant.financial-aid",
  "participant.activity-pass",
  "participant.unlock",
  "import.students",
  "import.staff",
  "import.catalogue",
  // The business office (decision 123).
  "check.receive",
  "check.reverse",
  "check.bounce",
  "check.cancel-promise",
  "check.release-promise",
  // Refunds (decision 131) and the mail log (decision 130).
  "payment.refund",
  "refund.paid-out",
  "refund.retry",
  "mail.resend",
  "program.create",
  "program.update",
  "program.copy",
  "course.create",
  "course.update",
  "section.create",
  "section.update",
  "section.cancel",
  "section.delete",
  "course-question.create",
  "course-question.update",
  "course-question.delete",
  // Schools and school years (decision 149).
  "school.create",
  "school.update",
  "school-year.create",
  "school-year.update",
  // The district's texts in Spanish (decision 172).
  "district-text.change",
] as const;
export const AUDIT_ENTITY_NAMES = [
  "settings",
  "maintenance",
  "staff",
  "fee",
  "assessed-fee",
  "fee-group",
  "participant",
  "students",
  "catalogue",
  "payment",
  "mail",
  "mailed-check",
  "program",
  "course",
  "section",
  "course-question",
  "school",
  "school-year",
  "district-text",
] as const;

export const AuditEntry = z.object({
  id: z.number(),
  at: z.string(),
  actorEmployeeId: z.string(),
  actorUsername: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditPage = z.object({
  entries: z.array(AuditEntry),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AuditPage = z.infer<typeof AuditPage>;
export const AuditExport = z.object({ entries: z.array(AuditEntry), truncated: z.boolean() });

// ---- The calls ------------------------------------------------------------------------------

/** Every administration call: staff with the district_admin role (others get 403). */
const ADMIN = { access: "staff", roles: [DISTRICT_ADMIN_ROLE] } as const;

/** A change of settings answers the names of the fields it changed and the settings after it. */
export const SettingsChangeReply = z.object({
  changed: z.array(z.string()),
  settings: AdminSettings,
});

export const getAdminSettings = endpoint({
  method: "GET",
  path: "/v1/admin/settings",
  ...ADMIN,
  replies: { 200: AdminSettings },
  summary: "The district's settings texts and time limits (district_admin)",
  tag: "admin",
});

export const changeAdminSettings = endpoint({
  method: "PUT",
  path: "/v1/admin/settings",
  ...ADMIN,
  body: SettingsChange,
  replies: { 200: SettingsChangeReply },
  summary: "Change some settings; the changed values are recorded in the audit trail",
  tag: "admin",
});

export const getMaintenanceWindow = endpoint({
  method: "GET",
  path: "/v1/admin/maintenance",
  ...ADMIN,
  replies: { 200: MaintenanceWindowReply },
  summary: "The maintenance window on file",
  tag: "admin",
});

export const scheduleMaintenanceWindow = endpoint({
  method: "PUT",
  path: "/v1/admin/maintenance",
  ...ADMIN,
  body: MaintenanceWindowRequest,
  replies: { 200: MaintenanceWindowReply },
  summary: "Schedule the maintenance window (start before end)",
  tag: "admin",
});

export const cancelMaintenanceWindow = endpoint({
  method: "DELETE",
  path: "/v1/admin/maintenance",
  ...ADMIN,
  replies: { 200: MaintenanceWindowReply },
  summary: "Cancel a maintenance window that has not ended",
  tag: "admin",
});

export const listStaffAccounts = endpoint({
  method: "GET",
  path: "/v1/admin/staff",
  ...ADMIN,
  replies: { 200: StaffAccountsReply },
  summary: "Every staff account",
  tag: "admin",
});

export const createStaffAccount = endpoint({
  method: "POST",
  path: "/v1/admin/staff",
  ...ADMIN,
  body: StaffAccountRequest,
  replies: { 201: StaffAccount },
  summary: "Create a staff account with roles from the fixed list",
  tag: "admin",
});

export const resetStaffPassword = endpoint({
  method: "POST",
  path: "/v1/admin/staff/:id/password",
  ...ADMIN,
  params: StaffIdParams,
  body: PasswordResetRequest,
  replies: { 200: StaffAccount },
  summary: "Set a staff member's password and end their sessions",
  tag: "admin",
});

export const deactivateStaffAccount = endpoint({
  method: "POST",
  path: "/v1/admin/staff/:id/deactivate",
  ...ADMIN,
  params: StaffIdParams,
  replies: { 200: StaffAccount },
  summary: "Deactivate a staff account and end its sessions at once",
  tag: "admin",
});

export const readAuditPage = endpoint({
  method: "GET",
  path: "/v1/admin/audit",
  ...ADMIN,
  query: AuditQuery,
  replies: { 200: AuditPage },
  summary: "One page of the audit trail, filtered by who, action, entity and time",
  tag: "admin",
});

export const exportAudit = endpoint({
  method: "GET",
  path: "/v1/admin/audit/export",
  ...ADMIN,
  query: AuditQuery.omit({ page: true }),
  replies: { 200: AuditExport },
  summary: "Every matching audit entry, for a CSV download",
  tag: "admin",
});
