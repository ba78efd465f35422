// Field names and the register-call body of the course questions form, without zod: the page
// needs them on first load; the schema (course-questions.ts) comes when the person starts typing.
import type { CourseQuestion } from "../contract/programs";

export const questionField = (id: number) => `q${id}`;

/** The activeCourse body of the register call from the parsed form. */
export function answersPayload(
  questions: Pick<CourseQuestion, "id">[],
  value: Record<string, unknown>,
): {
  courseQuestions: { id: number; userSubmittedAnswer: string }[];
  signature?: string;
  legalName?: string;
} {
  return {
    courseQuestions: questions.map((q) => ({
      id: q.id,
      userSubmittedAnswer: String(value[questionField(q.id)] ?? ""),
    })),
    ...(typeof value.signature === "string" ? { signature: value.signature } : {}),
    ...(typeof value.legalName === "string" ? { legalName: value.legalName } : {}),
  };
}
