// The course questions form (spec 01 §5): one field per question, built from the questions, used
// by conform in the page and in the action. Value List is a choice, Free Form a text, Signature a
// typed signature, Waiver a checkbox sent as "I Accept" with a signature and a legal name.
import { z } from "zod";
import type { CourseQuestion } from "../contract/programs";
import { t } from "../messages/programs";
import { WAIVER_ACCEPTED, hasWaiver } from "../rules/registration";

import { questionField } from "./course-question-fields";

export { questionField, answersPayload } from "./course-question-fields";

const required = () =>
  z
    .string({ required_error: t("register.answersRequired") })
    .trim()
    .min(1, t("register.answersRequired"))
    .max(5000);

export function courseQuestionsForm(
  questions: Pick<CourseQuestion, "id" | "responseType" | "answerList">[],
) {
  const shape: Record<string, z.ZodTypeAny> = {
    intent: z.enum(["register", "waitlist"]),
    status: z.string().max(60).optional(),
  };
  for (const q of questions) {
    if (q.responseType === "Waiver") {
      shape[questionField(q.id)] = z.literal(WAIVER_ACCEPTED, {
        errorMap: () => ({ message: t("register.waiverRequired") }),
      });
    } else if (q.responseType === "Value List" && q.answerList.length) {
      shape[questionField(q.id)] = required().refine((v) => q.answerList.includes(v), {
        message: t("register.answersRequired"),
      });
    } else {
      shape[questionField(q.id)] = required();
    }
  }
  if (hasWaiver(questions)) {
    shape.signature = required().pipe(z.string().max(200));
    shape.legalName = required().pipe(z.string().max(200));
  }
  return z.object(shape);
}

export const SurveyForm = z.object({
  isAtRisk: z.enum(["true", "false"], {
    required_error: t("survey.required"),
    invalid_type_error: t("survey.required"),
  }),
});
