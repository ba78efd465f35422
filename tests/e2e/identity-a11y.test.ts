// The sign-in screens and the shell have no serious or critical accessibility problem.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../support/a11y";
import { signInFamily, signInStaff, startTestApp, type TestApp } from "../support/browser";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe("accessibility", () => {
  it.each([
    "/",
    "/?persona=faculty",
    "/signin",
    "/signin?recover=student&sent=1",
    "/instructor/sign-in",
    "/register-guest",
    "/no/such/page",
  ])("%s", async (path) => {
    const page = await app.newPage({ js: true });
    await page.goto(path);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("the student's shell and instructions", async () => {
    const page = await app.newPage({ js: true });
    await signInFamily(page, "100001", { then: "/instructions" });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("the staff instructions dialog", async () => {
    const page = await app.newPage({ js: true });
    await signInStaff(page, "feeadmin", { then: "/instructions" });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("the small-screen drawer, open", async () => {
    const ctx = await app.newContext({ js: true }, { viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    await page.goto("/signin");
    await page.getByText("Menu", { exact: true }).click();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
