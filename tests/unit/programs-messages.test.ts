// The message a failed card action shows (spec 01 §8): chosen by the action, the hint appended.
import { describe, expect, it } from "vitest";
import { RegisterErrorCode } from "@domain/contract/programs";
import { failureText, safeBack, withFailed } from "~/.server/programs";

const refusal = (o: {
  status?: number;
  hint?: string;
  errorCode?: number;
  timedOut?: boolean;
}) => ({
  ok: false as const,
  status: o.status ?? 409,
  message: "x",
  ...o,
});

describe("failure messages", () => {
  it.each([
    ["register", "Unable to register for event."],
    ["cancel", "Unable to cancel registration."],
    ["leaveWaitlist", "Unable to cancel waitlist."],
    ["waitlist", "Unable to process waitlist request."],
  ] as const)("%s → %s", (intent, text) => {
    expect(failureText(intent, refusal({}))).toBe(text);
    expect(failureText(intent, refusal({ hint: "Because." }))).toBe(`${text} Because.`);
  });
  it("a full course says so", () => {
    expect(
      failureText("register", refusal({ status: 406, errorCode: RegisterErrorCode.full })),
    ).toBe("This course has filled up.");
  });
  it("a time-out gives the high-demand message", () => {
    expect(failureText("register", refusal({ status: 504, timedOut: true }))).toBe(
      "The system is currently experiencing higher than usual demand. Please try your request again.",
    );
  });
  it("a server failure gives the registration call error", () => {
    expect(failureText("register", refusal({ status: 502 }))).toBe(
      "There was an error registering you for the course.",
    );
    expect(
      failureText("register", {
        ok: false,
        status: 502,
        message: "Invalid response from server. Please try again.",
      }),
    ).toBe("Invalid response from server. Please try again.");
  });
});

describe("return paths", () => {
  it.each([
    ["/programs?q=x", "/programs?q=x"],
    ["/my-registrations", "/my-registrations"],
    ["https://evil.example/programs", "/programs"],
    ["//evil.example", "/programs"],
    [null, "/programs"],
  ])("%s → %s", (input, out) => {
    expect(safeBack(input)).toBe(out);
  });
  it("marks the failed course", () => {
    expect(withFailed("/programs?q=a", "abc")).toBe("/programs?q=a&failed=abc");
  });
});
