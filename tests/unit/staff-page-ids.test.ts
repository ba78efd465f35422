// A staff page's URL id (a row id, or a program's, course's or section's UUID) is read by one
// helper: anything that is not such an id is the page's 404 with the page's own message, before
// the district API is asked.
import { describe, expect, it } from "vitest";

process.env.SESSION_SECRET ??= "unit-test-secret";

const { idOr404, uuidOr404 } = await import("../../app/.server/staff-pages");

async function refusal(read: () => unknown): Promise<{ status: number; text: string }> {
  try {
    read();
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, text: await thrown.text() };
    throw thrown;
  }
  throw new Error("the id was accepted");
}

describe("a row id of a staff page's URL", () => {
  it("is a positive 32-bit integer", () => {
    expect(idOr404("1", "No such fee.")).toBe(1);
    expect(idOr404("2147483647", "No such fee.")).toBe(2_147_483_647);
  });

  it.each([undefined, "", "0", "-1", "1.5", "abc", "2147483648", "1e3x"])(
    "%s is the page's 404 with its message",
    async (value) => {
      expect(await refusal(() => idOr404(value, "No such fee."))).toEqual({
        status: 404,
        text: "No such fee.",
      });
    },
  );
});

describe("a UUID of a staff page's URL", () => {
  it("is accepted in either case", () => {
    const id = "0F8FAD5B-D9CB-469F-A165-70867728950E";
    expect(uuidOr404(id, "No such program.")).toBe(id);
  });

  it.each([
    undefined,
    "",
    "123",
    "0f8fad5b-d9cb-469f-a165-70867728950",
    "0f8fad5bd9cb469fa16570867728950e",
  ])("%s is the page's 404 with its message", async (value) => {
    expect(await refusal(() => uuidOr404(value, "No such program."))).toEqual({
      status: 404,
      text: "No such program.",
    });
  });
});
