// The web app's body limits as the server applies them before a page reads anything (decision
// 103): by the page a post is for, whether the form is posted to the page itself (without
// JavaScript) or to its data URL (single fetch's `<page>.data`, with JavaScript).
import { describe, expect, it } from "vitest";
import type { NextFunction, Request, Response } from "express";
import { webBodyLimit } from "../../server/web-body-limit";
import { SIGNATURE_FORM_MAX, WEB_BODY_MAX } from "../../app/.server/body-limits";

/** The status the limit answers a post of `length` bytes to `path` with, or "passed". */
function post(path: string, length: number): number | "passed" {
  let answer: number | "passed" | undefined;
  const res = {
    status(code: number) {
      answer = code;
      return this;
    },
    set() {
      return this;
    },
    type() {
      return this;
    },
    send() {
      return this;
    },
    once() {
      return this;
    },
  } as unknown as Response;
  const req = {
    method: "POST",
    path,
    headers: { "content-length": String(length) },
  } as unknown as Request;
  webBodyLimit(req, res, (() => (answer = "passed")) as NextFunction);
  return answer!;
}

describe("web body limits", () => {
  it("give a signature form its larger limit, posted to the page or to its data URL", () => {
    const picture = WEB_BODY_MAX + 1;
    for (const path of ["/edit-profile", "/edit-profile.data", "/register-community-member.data"]) {
      expect(post(path, picture), path).toBe("passed");
      expect(post(path, SIGNATURE_FORM_MAX + 1), path).toBe(413);
    }
  });

  it("keep every other form to the ordinary limit, posted to the page or to its data URL", () => {
    for (const path of ["/signin", "/signin.data", "/_root.data"]) {
      expect(post(path, WEB_BODY_MAX), path).toBe("passed");
      expect(post(path, WEB_BODY_MAX + 1), path).toBe(413);
    }
  });

  it("give the administration's import form its limit at its data URL too", () => {
    // Several files of an import, more than one file's limit.
    expect(post("/admin/imports.data", 25 * 1024 * 1024)).toBe("passed");
  });
});
