// The rules of the district's texts in Spanish (decision 172): a question's Spanish answers label
// its English ones only while they match one for one; what a Spanish version must keep.
import { describe, expect, it } from "vitest";
import { answerLabels, spanishTextProblem } from "@domain/rules/district-texts";

describe("a question's Spanish answers", () => {
  it("label the English answers line by line, blank lines and spaces dropped", () => {
    expect(answerLabels(" Chica \r\n\nGrande", ["Small", "Large"])).toEqual(["Chica", "Grande"]);
  });
  it("label nothing when there is no version or the counts differ", () => {
    expect(answerLabels(null, ["Small"])).toBeNull();
    expect(answerLabels(undefined, ["Small"])).toBeNull();
    expect(answerLabels("Chica\nGrande", ["Small", "Medium", "Large"])).toBeNull();
  });
});

describe("what a Spanish version keeps", () => {
  it("the confirmation placeholder, and the number of answers", () => {
    expect(spanishTextProblem("message", "No. {confirmationNumber}", "Núm.")).toEqual({
      kind: "placeholder",
      placeholder: "{confirmationNumber}",
    });
    expect(spanishTextProblem("answers", "A\nB", "Uno")).toEqual({
      kind: "answerCount",
      expected: 2,
      given: 1,
    });
    expect(spanishTextProblem("answers", "A\nB", "Uno\nDos")).toBeNull();
  });
});
