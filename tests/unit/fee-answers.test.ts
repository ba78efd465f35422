// A fee's answers as the district API requires them (domain/rules/fee-answers.ts): the fee shops
// check them first so that a refusal names the questions at fault (decision 159).
import { describe, expect, it } from "vitest";
import { feeAnswerProblems, type AskedQuestion } from "@domain/rules/fee-answers";

const ACCEPT = "I Accept";
const questions: AskedQuestion[] = [
  { id: 1, responseType: "Value List", answerList: ["S", "M", "L"] },
  { id: 2, responseType: "Free Form", answerList: [] },
  { id: 3, responseType: "Waiver", answerList: [] },
];

describe("feeAnswerProblems", () => {
  it("names nothing when every question is answered and the waiver accepted", () => {
    expect(feeAnswerProblems(questions, { q_1: "M", q_2: "None", q_3: ACCEPT }, ACCEPT)).toEqual(
      [],
    );
  });

  it("names each question left blank (spaces count as blank), in the questions' order", () => {
    expect(feeAnswerProblems(questions, { q_2: "   " }, ACCEPT)).toEqual([
      ["q_1", "required"],
      ["q_2", "required"],
      ["q_3", "waiver"],
    ]);
  });

  it("refuses a Value List answer that is not one of its answers", () => {
    expect(feeAnswerProblems(questions, { q_1: "XL", q_2: "x", q_3: ACCEPT }, ACCEPT)).toEqual([
      ["q_1", "required"],
    ]);
  });
});
