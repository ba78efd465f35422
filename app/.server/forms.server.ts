// The zod schemas that actions and loaders parse with, in a `.server` module that the browser
// build leaves empty: a page does not download zod and its schemas up front. They come with
// useZodForm (app/components/zod-form.ts) when the person starts on the form (decision 093).
import { parseWithZod as parseWithZodOnly } from "@conform-to/zod";
import type { ZodTypeAny } from "zod";
import { formErrorMap } from "@domain/forms/error-map";
import { refusedFieldName } from "@domain/forms/field-names";
import { t } from "@domain/messages/pages";

/** Longest part of a refused field name quoted back in the refusal. */
const QUOTED_NAME_MAX = 80;

/**
 * A 400 naming the first posted field the form's schema has no place for (a list index beyond
 * the list's maximum, a name nested below a plain field, an unknown structured name), thrown
 * before conform builds anything from the names (decision 134).
 */
export function refuseFieldsNotInForm(
  formData: FormData | URLSearchParams,
  schema: ZodTypeAny,
): void {
  const name = refusedFieldName(formData.entries(), schema);
  if (name === null) return;
  const quoted = name.length > QUOTED_NAME_MAX ? `${name.slice(0, QUOTED_NAME_MAX)}…` : name;
  throw new Response(t("error.fieldNotInForm", { name: quoted }), {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/**
 * conform's parseWithZod with the catalogue's validation messages (domain/forms/error-map),
 * after the posted names are checked against the schema.
 */
export const parseWithZod = ((
  formData: FormData | URLSearchParams,
  options: Parameters<typeof parseWithZodOnly>[1],
) => {
  const schema = typeof options.schema === "function" ? options.schema(null) : options.schema;
  refuseFieldsNotInForm(formData, schema);
  return parseWithZodOnly(formData, { errorMap: formErrorMap, ...options });
}) as typeof parseWithZodOnly;

/**
 * A form kept as typed (parsed with a looser schema than the form's, e.g. while searching), its
 * posted names still checked against the form's own schema.
 */
export function parseAsTyped(
  formData: FormData | URLSearchParams,
  loose: ZodTypeAny,
  form: ZodTypeAny,
) {
  refuseFieldsNotInForm(formData, form);
  return parseWithZodOnly(formData, { errorMap: formErrorMap, schema: loose });
}
export { GuestForm, RecoverForm, StaffSigninForm, StudentSigninForm } from "@domain/forms/signin";
export { ProfileForm, RegisterMemberForm } from "@domain/forms/community";
export { SurveyForm, courseQuestionsForm } from "@domain/forms/course-questions";
export { InstructorLoginReply, StudentLoginReply, TokenClaims } from "@domain/contract/identity";
export { CommunityProfile } from "@domain/contract/community";
export { CourseStatus } from "@domain/contract/programs";
