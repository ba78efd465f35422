// Course titles name the subject once (not "ENR ENR 101").
import { describe, expect, it } from "vitest";
import { courseCode } from "@domain/rules/course-code";

describe("courseCode", () => {
  it("joins subject and number", () => {
    expect(courseCode("ART", "101")).toBe("ART 101");
  });
  it("writes the subject once when the number carries it", () => {
    expect(courseCode("ENR", "ENR 101")).toBe("ENR 101");
    expect(courseCode("enr", "ENR 101")).toBe("ENR 101");
    expect(courseCode("ENR", "ENR101")).toBe("ENR ENR101");
  });
});
