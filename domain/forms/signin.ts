// Form schemas of the sign-in screens (spec 01 §5), used by conform in the page and the action.
import { z } from "zod";
import { t } from "../messages/common";
import { typedDateToIso } from "../rules/calendar";
import { isBeforeToday } from "../rules/time";

export const StudentSigninForm = z.object({
  studentId: z
    .string({ required_error: t("signin.studentIdRequired") })
    .trim()
    .min(1, t("signin.studentIdRequired"))
    .max(20, t("signin.failed")),
  dob: z.string({ required_error: t("signin.dobFormat") }).refine((v) => {
    const iso = typedDateToIso(v);
    return iso !== null && isBeforeToday(iso);
  }, t("signin.dobFormat")),
});
export type StudentSigninForm = z.infer<typeof StudentSigninForm>;

export const StaffSigninForm = z.object({
  username: z.string().max(100).default(""),
  password: z.string().max(200).default(""),
});

export const RecoverForm = z.object({
  kind: z.enum(["student", "member"]),
  email: z
    .string({ required_error: t("recover.emailInvalid") })
    .trim()
    .email(t("recover.emailInvalid")),
});

export const GuestForm = z.object({
  nameFirst: z
    .string({ required_error: t("guest.nameFirstRequired") })
    .trim()
    .min(1, t("guest.nameFirstRequired"))
    .max(60, t("guest.nameFirstTooLong")),
  nameLast: z
    .string({ required_error: t("guest.nameLastRequired") })
    .trim()
    .min(1, t("guest.nameLastRequired"))
    .max(60, t("guest.nameLastTooLong")),
  email: z
    .string({ required_error: t("guest.emailInvalid") })
    .trim()
    .max(254, t("guest.emailTooLong"))
    .email(t("guest.emailInvalid")),
  category: z.string().max(29).optional(),
});
