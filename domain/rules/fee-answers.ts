// The answers to a fee's questions (spec 02 "Course questions"): every question answered (a Value
// List by one of its answers), a waiver accepted. The district API refuses an add that fails them
// (district-api/services/cart.ts); the fee shops check them first, so that the refusal names the
// questions at fault (decision 159), where the district API's names none.

export interface AskedQuestion {
  id: number;
  responseType: "Value List" | "Free Form" | "Waiver" | "Signature";
  answerList: string[];
}

/** The form field of a fee question's answer. */
export const feeAnswerField = (questionId: number): string => `q_${questionId}`;

export type FeeAnswerProblem = "required" | "waiver";

/**
 * The questions not answered as the district API requires, by their answer's field, in the
 * questions' order. `answers` is the post's values; `accepted` the waiver checkbox's value.
 */
export function feeAnswerProblems(
  questions: readonly AskedQuestion[],
  answers: Readonly<Record<string, unknown>>,
  accepted: string,
): [string, FeeAnswerProblem][] {
  const problems: [string, FeeAnswerProblem][] = [];
  for (const q of questions) {
    const field = feeAnswerField(q.id);
    const given = answers[field];
    const answer = typeof given === "string" ? given.trim() : "";
    if (q.responseType === "Waiver") {
      if (answer !== accepted) problems.push([field, "waiver"]);
    } else if (
      !answer ||
      (q.answerList.length > 0 && q.responseType === "Value List" && !q.answerList.includes(answer))
    ) {
      problems.push([field, "required"]);
    }
  }
  return problems;
}
