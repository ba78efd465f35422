// Form schemas of the administration pages (decision 119), used by conform in the page and the
// action. The settings form checks each field with the contract's own rule
// (domain/contract/admin.ts), so the page, the action and the district API refuse the same values
// with the same words.
import { z } from "zod";
import { t } from "../messages/admin";
import { SettingsFields, StaffAccountRequest, StaffPassword } from "../contract/admin";
import { isSaneCalendarDate } from "../rules/input";
import { typedCalendarDate, typedClockTime } from "../rules/typed-date-time";

/**
 * A text field: empty is "" for the rule, which says whether a text may be empty (conform leaves a
 * field whose default is "" as it is). Line breaks are stored as "\n", so an unchanged form
 * changes nothing.
 */
const text = <T extends z.ZodTypeAny>(rule: T) =>
  z.preprocess((v) => (typeof v === "string" ? v.replace(/\r\n?/g, "\n") : v), rule).default("");

const f = SettingsFields.shape;

export const SETTINGS_INTENTS = ["save", "preview"] as const;

export const SettingsForm = z.object({
  intent: z.enum(SETTINGS_INTENTS).default("save"),
  homeMessageShow: z.boolean().default(false),
  homeMessage: text(f.homeMessage.shape.message),
  instructions: text(f.instructions),
  instructorInstructions: text(f.instructorInstructions),
  logInMessage: text(f.logInMessage),
  guestLogInMessage: text(f.guestLogInMessage),
  instructorLogInMessage: text(f.instructorLogInMessage),
  gradeLabel: text(f.gradeLabel),
  gradeDescription: text(f.gradeDescription),
  registrationPaymentConfirmed: text(f.registrationPaymentConfirmed),
  waitlistPaymentConfirmed: text(f.waitlistPaymentConfirmed),
  cancelPaymentRegistration: text(f.cancelPaymentRegistration),
  programCancellationMessage: text(f.programCancellationMessage),
  partiallyCompletedPaymentMessage: text(f.partiallyCompletedPaymentMessage),
  feeRequestInstructions: text(f.feeRequestInstructions),
  districtName: text(f.districtName),
  checkPayableTo: text(f.checkPayableTo),
  checkMailingAddress: text(f.checkMailingAddress),
  cartHoldMinutes: f.cartHoldMinutes,
  paymentWindowMinutes: f.paymentWindowMinutes,
  mailedCheckDays: f.mailedCheckDays,
  mailedCheckSharePercent: f.mailedCheckSharePercent,
});
export type SettingsForm = z.infer<typeof SettingsForm>;

/**
 * A date or time as typed, read as the section form reads it (rules/typed-date-time.ts): the
 * browser's date and time fields send YYYY-MM-DD and 24-hour HH:MM; a browser without them sends
 * what was typed, month first and on either clock. What cannot be read is refused as typed.
 */
const typed = <T extends z.ZodTypeAny>(read: (v: string) => string | null, rule: T) =>
  z.preprocess((v) => (typeof v === "string" ? (read(v) ?? v) : v), rule);
const date = typed(
  typedCalendarDate,
  z
    .string({ required_error: t("admin.maintenance.badDate") })
    .trim()
    .refine(isSaneCalendarDate, t("admin.maintenance.badDate")),
);
const time = typed(
  typedClockTime,
  z
    .string({ required_error: t("admin.maintenance.badTime") })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, t("admin.maintenance.badTime")),
);

/** The maintenance window as the district's wall-clock dates and times (the zone is the server's). */
export const MaintenanceForm = z
  .object({
    intent: z.enum(["preview", "schedule"]).default("schedule"),
    startDate: date,
    startTime: time,
    endDate: date,
    endTime: time,
  })
  .superRefine((v, ctx) => {
    // One zone for both, so the texts compare as the times do (a DST hour aside).
    if (`${v.endDate}T${v.endTime}` <= `${v.startDate}T${v.startTime}`) {
      ctx.addIssue({
        code: "custom",
        path: ["endTime"],
        message: t("admin.maintenance.endBeforeStart"),
      });
    }
  });
export type MaintenanceForm = z.infer<typeof MaintenanceForm>;

const s = StaffAccountRequest.shape;
export const StaffCreateForm = z.object({
  username: s.username,
  employeeId: s.employeeId,
  nameFirst: s.nameFirst,
  nameLast: s.nameLast,
  email: z.string().trim().max(254).email().optional(),
  roles: z.preprocess((v) => v ?? [], s.roles),
  password: StaffPassword,
});

export const PasswordResetForm = z.object({ password: StaffPassword });

/** The audit trail's filter (a GET form): dates are the district's calendar days. */
export const AuditFilterForm = z.object({
  actor: z.string().trim().max(60).optional(),
  action: z.string().trim().max(60).optional(),
  entity: z.string().trim().max(60).optional(),
  from: z.string().trim().refine(isSaneCalendarDate, t("admin.audit.badDate")).optional(),
  to: z.string().trim().refine(isSaneCalendarDate, t("admin.audit.badDate")).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
});
export type AuditFilterForm = z.infer<typeof AuditFilterForm>;
