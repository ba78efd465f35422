// The light form's reading of conform's replies and its list intents (decision 097): which
// errors a reply shows, how a list button's value is read, and how names move when an item of
// a list is removed.
import { describe, expect, it } from "vitest";
import type { SubmissionResult } from "@conform-to/react";
import {
  fieldErrors,
  parseListIntent,
  shiftAfterRemove,
  shownAfterReply,
} from "~/components/light-form";

describe("light form", () => {
  it("a submission's reply shows every posted field and every error", () => {
    const reply: SubmissionResult<string[]> = {
      status: "error",
      initialValue: { zip: "1" },
      error: { zip: ["Invalid postal code."], "guardians[0].phone1": ["Bad"], "": ["Failed"] },
      fields: ["zip", "city"],
    };
    expect(new Set(shownAfterReply(reply))).toEqual(
      new Set(["zip", "city", "guardians[0].phone1", ""]),
    );
    expect(fieldErrors(reply)).toEqual(reply.error);
  });

  it("a list intent's reply (a post without JavaScript) shows only the list's own error", () => {
    const reply = {
      initialValue: { guardians: [{}, {}, {}] },
      error: { nameFirst: ["First Name is required"] },
      intent: { type: "insert", payload: { name: "guardians" } },
      fields: ["nameFirst"],
    } as SubmissionResult<string[]>;
    expect(shownAfterReply(reply)).toEqual(["guardians"]);
    expect(shownAfterReply(undefined)).toEqual([]);
  });

  it("reads conform's list buttons and nothing else", () => {
    expect(parseListIntent('{"type":"insert","payload":{"name":"guardians"}}')).toEqual({
      type: "insert",
      payload: { name: "guardians" },
    });
    expect(parseListIntent('{"type":"remove","payload":{"name":"guardians","index":1}}')).toEqual({
      type: "remove",
      payload: { name: "guardians", index: 1 },
    });
    expect(parseListIntent('{"type":"remove","payload":{"name":"guardians"}}')).toBeNull();
    expect(parseListIntent('{"type":"reset","payload":{}}')).toBeNull();
    expect(parseListIntent("login")).toBeNull();
    expect(parseListIntent(null)).toBeNull();
  });

  it("after removing an item, the following items' names move up and the item's own go", () => {
    expect(shiftAfterRemove("guardians[0].email", "guardians", 1)).toBe("guardians[0].email");
    expect(shiftAfterRemove("guardians[1].email", "guardians", 1)).toBeNull();
    expect(shiftAfterRemove("guardians[2].email", "guardians", 1)).toBe("guardians[1].email");
    expect(shiftAfterRemove("guardians[12].phone1", "guardians", 0)).toBe("guardians[11].phone1");
    expect(shiftAfterRemove("guardians", "guardians", 0)).toBe("guardians");
    expect(shiftAfterRemove("zip", "guardians", 0)).toBe("zip");
  });
});
