// `npm run dev` (decision 173): the pages come from app/ through Vite, not from a build, and a
// saved file reaches the open page through Vite's socket, which the pages' security policy lets
// through. The update itself is Vite's and React's; what is ours is the wiring in server.ts.
import { mkdtemp, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODES, startTestApp, type TestApp } from "../support/browser";

let app: TestApp;
beforeAll(async () => {
  // A build folder that does not exist: every page and script must come from Vite.
  const noBuild = path.join(await mkdtemp(path.join(tmpdir(), "no-build-")), "build");
  app = await startTestApp({ dev: true, buildDir: noBuild });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe("the development server", () => {
  it("serves the pages from the source without JavaScript", async () => {
    const page = await app.newPage(MODES[1]);
    await page.goto("/");
    await page.getByRole("heading", { level: 1, name: "Welcome! Who are you?" }).waitFor();
    await page.getByRole("link", { name: "Current student or parent" }).click();
    await page.getByRole("heading", { name: "What would you like to do?" }).waitFor();
  });

  it("updates an open page when a file it uses is saved", async () => {
    const page = await app.newPage(MODES[0]);
    const said: string[] = [];
    page.on("console", (m) => said.push(m.text()));
    page.on("pageerror", (e) => said.push(`pageerror: ${e.message}`));
    const refused: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/.test(m.text())) refused.push(m.text());
    });
    await page.goto("/");
    await expect.poll(() => said, { timeout: 30_000 }).toContain("[vite] connected.");
    await page.getByRole("heading", { level: 1, name: "Welcome! Who are you?" }).waitFor();
    // Hydrated: the next step is drawn in the browser, without loading a document.
    const documents: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "document") documents.push(r.url());
    });
    await page.getByRole("link", { name: "Current student or parent" }).click();
    await page.getByRole("heading", { name: "What would you like to do?" }).waitFor();
    expect(documents).toEqual([]);
    // Saving (here: touching, so the file stays as it is) sends the page its update.
    const route = path.resolve("app/routes/_index.tsx");
    const now = new Date();
    await utimes(route, now, now);
    await expect
      .poll(() => said.some((s) => s.includes("hot updated: /app/routes/_index.tsx")), {
        timeout: 30_000,
      })
      .toBe(true);
    expect(refused).toEqual([]);
  });
});
