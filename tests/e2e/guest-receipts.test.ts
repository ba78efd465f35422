// A guest's earlier receipts in a browser, with and without JavaScript
// (decision 141): from /fees, a code is sent to the address; a wrong code is refused on the field;
// the right one opens the list.
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODES, startTestApp, type TestApp } from "../support/browser";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** The code in the mail sent to this address, waiting for the queue to send it. */
async function codeMailedTo(address: string): Promise<string> {
  const dir = path.join(app.dataDir, "outbox");
  for (let i = 0; i < 100; i++) {
    const files = await readdir(dir).catch(() => [] as string[]);
    const mails = await Promise.all(
      files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), "utf8"))),
    );
    const mine = mails.filter((m: { to: string }) => m.to === address);
    const code = /code is (\d{6})/.exec(mine.at(-1)?.text ?? "")?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code mailed to ${address}`);
}

describe.each(MODES)("a guest's earlier receipts $name", (mode) => {
  it("sends a code, refuses a wrong one on the field, and opens the list with the right one", async () => {
    const email = `earlier-${mode.js ? "js" : "nojs"}@example.org`;
    const page = await app.newPage(mode);
    await page.goto("/register-guest");
    await page.getByLabel("First Name").fill("Erin");
    await page.getByLabel("Last Name").fill("Earlier");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL((u) => u.pathname === "/fees");
    await page.getByRole("link", { name: "Earlier Receipts" }).click();
    await page.waitForURL((u) => u.pathname === "/guest-receipts");
    await page.getByRole("button", { name: "Send Code" }).click();
    await page.getByText("A code is on its way to your e-mail.").waitFor();
    const code = await codeMailedTo(email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    await page.getByLabel("Code").fill(wrong);
    await page.getByRole("button", { name: "Open Receipts" }).click();
    await page.getByText("That code is not right.").waitFor();
    await page.getByLabel("Code").fill(code);
    await page.getByRole("button", { name: "Open Receipts" }).click();
    await page.getByText("There are no earlier receipts for this e-mail.").waitFor();
    expect(await page.getByLabel("Code").count()).toBe(0);
  });
});
