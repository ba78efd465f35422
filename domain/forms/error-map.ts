// The words of every form's validation messages: zod's own texts ("Invalid enum value. Expected
// …", "String must contain at most 60 character(s)") are for programmers and never reach a
// person. Passed to every parse of a form (conform's parseWithZod `errorMap`); a message the
// schema gives itself wins, and only zod's default texts are replaced by the catalogue's.
import { z } from "zod";
import { t } from "../messages/common";

function catalogueText(issue: z.ZodIssueOptionalMessage, data: unknown): string {
  switch (issue.code) {
    case z.ZodIssueCode.invalid_type:
      return data === undefined || data === null || data === ""
        ? t("form.required")
        : t("form.invalid");
    case z.ZodIssueCode.too_big:
      return issue.type === "string"
        ? t("form.tooLong", { max: String(issue.maximum) })
        : t("form.tooBig");
    case z.ZodIssueCode.too_small:
      if (issue.type === "string" && Number(issue.minimum) <= 1) return t("form.required");
      return issue.type === "string"
        ? t("form.tooShort", { min: String(issue.minimum) })
        : t("form.tooSmall");
    case z.ZodIssueCode.invalid_enum_value:
    case z.ZodIssueCode.invalid_literal:
    case z.ZodIssueCode.invalid_union:
    case z.ZodIssueCode.invalid_union_discriminator:
      return data === undefined || data === "" ? t("form.required") : t("form.invalidChoice");
    case z.ZodIssueCode.invalid_string:
      return issue.validation === "email" ? t("form.emailInvalid") : t("form.invalid");
    default:
      return t("form.invalid");
  }
}

export const formErrorMap: z.ZodErrorMap = (issue, ctx) => {
  const zodDefault = z.defaultErrorMap(issue, { data: ctx.data, defaultError: "" }).message;
  // A schema's own message (required_error, an errorMap of its own) is kept.
  if (ctx.defaultError !== zodDefault) return { message: ctx.defaultError };
  return { message: catalogueText(issue, ctx.data) };
};
