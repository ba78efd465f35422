import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODES, signInFamily, startTestApp, type TestApp } from "../support/browser";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe.each(MODES)("student sign-in $name", (mode) => {
  it("reaches /programs", async () => {
    const page = await app.newPage(mode);
    await signInFamily(page);
    expect(new URL(page.url()).pathname).toBe("/programs");
    // With JavaScript the address changes a moment before the new page is drawn.
    await page
      .getByRole("heading", { level: 1, name: "List of Activities You Are Eligible For" })
      .waitFor();
  });
});
