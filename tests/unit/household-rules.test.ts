import { describe, expect, it } from "vitest";
import {
  COOKIE_BYTES,
  STAFF_SESSION_BYTES,
  afterAdd,
  afterSwitch,
  fitsInCookie,
  mayLinkChildren,
  maySwitchChildren,
  sameChild,
} from "../../domain/rules/household";

describe("household rules", () => {
  it("let students and community members link children, at a register too, not guests", () => {
    expect(mayLinkChildren({ userType: "student" })).toBe(true);
    expect(mayLinkChildren({ userType: "community_member" })).toBe(true);
    expect(mayLinkChildren({ userType: "guest_user" })).toBe(false);
    const atRegister = (userType: "student" | "community_member" | "guest_user") => ({
      userType,
      desktop: true,
    });
    expect(mayLinkChildren(atRegister("student"))).toBe(true);
    expect(mayLinkChildren(atRegister("community_member"))).toBe(true);
    expect(mayLinkChildren(atRegister("guest_user"))).toBe(false);
  });

  it("offer the switch of child on a family's own device only, never at a register", () => {
    expect(maySwitchChildren({ userType: "student" })).toBe(true);
    expect(maySwitchChildren({ userType: "community_member", desktop: false })).toBe(true);
    expect(maySwitchChildren({ userType: "student", desktop: true })).toBe(false);
    expect(maySwitchChildren({ userType: "community_member", desktop: true })).toBe(false);
    expect(maySwitchChildren({ userType: "guest_user" })).toBe(false);
  });

  it("put an added child on screen, except at a register, which keeps its own child", () => {
    const child = (id: string, desktop = false) => ({ id, desktop });
    const [a, b, c] = [child("a"), child("b"), child("c")];
    expect(afterAdd(a, c, [b])).toEqual({ student: c, household: [b, a] });
    const register = child("a", true);
    expect(afterAdd(register, c, [b])).toEqual({ household: [b, c] });
  });

  it("tell a student from a community member with the same number", () => {
    expect(
      sameChild({ userType: "student", studentId: "7" }, { userType: "student", studentId: "7" }),
    ).toBe(true);
    expect(
      sameChild(
        { userType: "student", studentId: "7" },
        { userType: "community_member", studentId: "7" },
      ),
    ).toBe(false);
  });

  it("keep a cookie a browser accepts, with room for a staff session until there is one", () => {
    expect(fitsInCookie(COOKIE_BYTES - STAFF_SESSION_BYTES, false)).toBe(true);
    expect(fitsInCookie(COOKIE_BYTES - STAFF_SESSION_BYTES + 1, false)).toBe(false);
    expect(fitsInCookie(COOKIE_BYTES, true)).toBe(true);
    expect(fitsInCookie(COOKIE_BYTES + 1, true)).toBe(false);
  });

  it.each([
    ["/programs?detail=abc", "/programs"],
    ["/my-registrations", "/my-registrations"],
    ["/fees?tab=2", "/fees"],
    ["/cart", "/cart"],
    ["/edit-profile", "/edit-profile"],
    ["/payment/6f1c", "/programs"],
    ["/programs/questions/6f1c", "/programs"],
    ["//elsewhere.example/programs", "/programs"],
    ["https://elsewhere.example/fees", "/programs"],
    [null, "/programs"],
  ])("a switch made on %s lands on %s", (from, to) => {
    expect(afterSwitch(from)).toBe(to);
  });
});
