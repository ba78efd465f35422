// The zod schemas that actions and loaders parse with, in a `.server` module that the browser
// build leaves empty: a page does not download zod and its schemas up front. They come with
// useZodForm (app/components/zod-form.ts) when the person starts on the form (decision 093).
import { parseWithZod as parseWithZodOnly } from "@conform-to/zod";
import { formErrorMap } from "@domain/forms/error-map";

/** conform's parseWithZod with the catalogue's validation messages (domain/forms/error-map). */
export const parseWithZod = ((
  formData: FormData | URLSearchParams,
  options: Parameters<typeof parseWithZodOnly>[1],
) => parseWithZodOnly(formData, { errorMap: formErrorMap, ...options })) as typeof parseWithZodOnly;
export { GuestForm, RecoverForm, StaffSigninForm, StudentSigninForm } from "@domain/forms/signin";
export { ProfileForm, RegisterMemberForm } from "@domain/forms/community";
export { SurveyForm, courseQuestionsForm } from "@domain/forms/course-questions";
export {
  GuestReply,
  InstructorLoginReply,
  RecoverReply,
  StudentLoginReply,
  TokenClaims,
} from "@domain/contract/identity";
export { CommunityProfile, RegisterMemberReply } from "@domain/contract/community";
export { CourseStatus, SurveyReply } from "@domain/contract/programs";
