// A new community member registers (JavaScript on: drawn signature; off: typed or uploaded
// signature), gets the ID by mail, signs in and edits the profile (spec 01 §2).
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { PNG } from "pngjs";
import { MODES, signInFamily, startTestApp, type Mode, type TestApp } from "../support/browser";
import { fillMemberForm } from "../support/member-form";
import { PUBLIC_LIMITS } from "../../domain/rules/public-limits";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function mailsTo(address: string) {
  const dir = path.join(app.dataDir, "outbox");
  for (let i = 0; i < 50; i++) {
    const files = await readdir(dir).catch(() => [] as string[]);
    const mails = await Promise.all(
      files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), "utf8"))),
    );
    const mine = mails.filter((m: { to: string }) => m.to === address);
    if (mine.length) return mine as { to: string; subject: string; text: string }[];
    await new Promise((r) => setTimeout(r, 100));
  }
  return [];
}

const guardianBox = (page: Page, n: number) =>
  page.getByRole("group", { name: `Guardian / Contact ${n}`, exact: true });

async function fillGuardian(page: Page, n: number, first: string, relationship = "Mother") {
  const g = guardianBox(page, n);
  await g.getByLabel("Guardian First Name").fill(first);
  await g.getByLabel("Guardian Last Name").fill("Contact");
  await g.getByLabel("Relationship", { exact: true }).selectOption(relationship);
  await g.getByLabel("Phone 1", { exact: true }).fill("(555) 555-01" + String(10 + n));
  await g.getByLabel("Phone 1 Type").selectOption("Mobile");
}

async function drawSignature(page: Page) {
  const canvas = page.getByRole("img", { name: "Signature" });
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + 100);
  await page.mouse.down();
  for (let i = 1; i <= 20; i++) {
    await page.mouse.move(box.x + 30 + i * 10, box.y + 100 + (i % 2 ? -30 : 30));
  }
  await page.mouse.up();
  // The pad wrote a PNG into the form.
  await page.waitForFunction(() =>
    (
      document.querySelector('input[name="digitalSignature"]') as HTMLInputElement | null
    )?.value.startsWith("data:image/png;base64,"),
  );
}

function signatureFile(): Buffer {
  const png = new PNG({ width: 120, height: 40 });
  png.data.fill(255);
  for (let x = 10; x < 110; x++) png.data[(20 * 120 + x) * 4] = 0;
  return PNG.sync.write(png);
}

// Each page speaks from its own address (the server trusts its loopback proxy), so the
// per-address limits of decision 137 of one test never touch another.
let nextAddress = 1;
async function pageFrom(mode: Mode, address = `198.51.100.${nextAddress++}`) {
  const page = await app.newPage(mode);
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": address });
  return page;
}

async function sign(page: Page, mode: Mode) {
  if (mode.js) await drawSignature(page);
  else
    await page.getByLabel("Upload a signature image (PNG)").setInputFiles({
      name: "signature.png",
      mimeType: "image/png",
      buffer: signatureFile(),
    });
}

/** A registration body as the district API takes it. */
function apiMember(first: string) {
  return {
    nameFirst: first,
    nameLast: "Family",
    dob: "2010-02-03",
    grade: "8",
    gender: "M",
    address: "3 Pine Road",
    city: "Springfield",
    state: "Illinois",
    zip: "62701",
    homePhone: "(555) 555-0100",
    email: `${first.toLowerCase()}@example.org`,
    printedSignature: "Parent Family",
    digitalSignature: `data:image/png;base64,${signatureFile().toString("base64")}`,
    guardians: [1, 2].map((n) => ({
      nameFirst: `Guard${n}`,
      nameLast: "Family",
      relationship: "Mother",
      phone1: "(555) 555-0100",
      phone1Type: "Mobile",
    })),
  };
}

describe.each(MODES)("community member registration $name", (mode) => {
  it("registers with three guardians then one removed, fixes an error, gets the ID, signs in, edits the profile", async () => {
    const page = await pageFrom(mode);
    const tag = mode.js ? "js" : "nojs";
    const email = `new.member.${tag}@example.org`;
    await page.goto("/register-community-member");
    await expect(
      page.getByText("All participants must have two contacts on file.").first().isVisible(),
    ).resolves.toBe(true);

    await fillMemberForm(page, {
      first: `Robin${tag}`,
      last: "Newcomer",
      dob: "07/04/1985",
      email,
    });
    await page.getByLabel("Zip Code").fill("1234");
    await fillGuardian(page, 1, "Alice");
    await fillGuardian(page, 2, "Bob", "Other");

    // Add a third guardian: the typed values stay.
    await page.getByRole("button", { name: "Add Guardian / Contact" }).click();
    await expect(guardianBox(page, 3).waitFor()).resolves.toBeUndefined();
    await expect(guardianBox(page, 1).getByLabel("Guardian First Name").inputValue()).resolves.toBe(
      "Alice",
    );
    await expect(page.getByLabel("Zip Code").inputValue()).resolves.toBe("1234");
    await fillGuardian(page, 3, "Carol", "Father");

    // Remove the first: Bob and Carol remain, in order.
    await page.getByRole("button", { name: "Remove Guardian / Contact 1" }).click();
    await guardianBox(page, 3).waitFor({ state: "detached" });
    await expect(guardianBox(page, 1).getByLabel("Guardian First Name").inputValue()).resolves.toBe(
      "Bob",
    );
    await expect(guardianBox(page, 2).getByLabel("Guardian First Name").inputValue()).resolves.toBe(
      "Carol",
    );
    await expect(page.getByLabel("First Name", { exact: true }).inputValue()).resolves.toBe(
      `Robin${tag}`,
    );

    if (mode.js) await drawSignature(page);
    else await page.getByLabel("Type your signature").fill(`Robin${tag} Newcomer`);

    // Errors: a bad zip, and "Other" without its text.
    if (mode.js) {
      await page.getByLabel("Zip Code").blur();
      await page.getByText("Invalid postal code.").waitFor();
      const submit = page.getByRole("button", { name: "Create Account" });
      await expect(submit.isDisabled()).resolves.toBe(true);
      await submit.locator("..").hover();
      await page.getByText("Please fix the validation issues above", { exact: true }).waitFor();
      await page.getByLabel("Zip Code").fill("62701");
      await page.getByLabel("Email", { exact: true }).focus();
    } else {
      // A 300 KB upload is refused beside the field; what was typed stays.
      await page.getByLabel("Upload a signature image (PNG)").setInputFiles({
        name: "big.png",
        mimeType: "image/png",
        buffer: Buffer.concat([signatureFile(), Buffer.alloc(300 * 1024)]),
      });
      await page.getByRole("button", { name: "Create Account" }).click();
      await page.getByText("The signature must be a PNG image of at most 200 KB.").waitFor();
      await expect(page.getByLabel("City").inputValue()).resolves.toBe("Springfield");
      await page.getByLabel("Upload a signature image (PNG)").setInputFiles([]);
      await page.getByRole("button", { name: "Create Account" }).click();
      await page.getByText("Invalid postal code.").waitFor();
      await page.getByText("Please fix the validation issues above.").waitFor();
      await page
        .getByText("You must enter Relationship Other when Relationship is Other.")
        .waitFor();
      await expect(page.getByLabel("Type your signature").inputValue()).resolves.toBe(
        `Robin${tag} Newcomer`,
      );
      await page.getByLabel("Zip Code").fill("62701");
    }
    await guardianBox(page, 1).getByLabel("Relationship Other").fill("Neighbour");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByText("has been e-mailed to you").waitFor();

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    const id = /Community Member ID is (\d+)/.exec(mails[0]!.text)![1]!;

    await signInFamily(page, id, { dob: "07/04/1985", then: "/edit-profile" });
    await expect(page.getByLabel("First Name", { exact: true }).inputValue()).resolves.toBe(
      `Robin${tag}`,
    );
    await expect(page.getByLabel("State").inputValue()).resolves.toBe("Illinois");
    await expect(guardianBox(page, 1).getByLabel("Relationship Other").inputValue()).resolves.toBe(
      "Neighbour",
    );
    await expect(guardianBox(page, 2).getByLabel("Guardian First Name").inputValue()).resolves.toBe(
      "Carol",
    );
    await expect(page.getByRole("img", { name: "Signature on file" }).isVisible()).resolves.toBe(
      true,
    );

    await page.getByLabel("Email", { exact: true }).fill("not-an-email");
    if (mode.js) await page.getByLabel("City").focus();
    else await page.getByRole("button", { name: "Save Profile" }).click();
    await page.getByText("Email must be valid.").waitFor();
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("City").fill("Shelbyville");
    await guardianBox(page, 2).getByLabel("Guardian First Name").fill("Caroline");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await page.getByText("Your profile has been saved.").waitFor();
    await page.goto("/edit-profile");
    await expect(page.getByLabel("City").inputValue()).resolves.toBe("Shelbyville");
    await expect(guardianBox(page, 2).getByLabel("Guardian First Name").inputValue()).resolves.toBe(
      "Caroline",
    );
  });

  it("answers the same person again as a new one and tells the member on file, on both variants (decision 137)", async () => {
    const page = await pageFrom(mode);
    for (const standalone of [false, true]) {
      await page.goto(`/register-community-member${standalone ? "?standalone=1" : ""}`);
      await fillMemberForm(page, {
        first: "Jordan",
        last: "Rivera",
        dob: "03/02/1980",
        email: "someone.else@example.org",
      });
      await fillGuardian(page, 1, "Alice");
      await fillGuardian(page, 2, "Bob");
      await sign(page, mode);
      await page.getByRole("button", { name: "Create Account" }).click();
      await page.getByText("has been e-mailed to you").waitFor();
    }
    expect(await mailsTo("someone.else@example.org").then((m) => m.length)).toBe(0);
    const notices = (await mailsTo("jordan.rivera@example.org")).filter(
      (m) => m.subject === "Your community member account",
    );
    expect(notices.length).toBeGreaterThanOrEqual(1);
    expect(notices[0]!.text).toContain("A community member account already exists.");
  });

  it("over the address's limit, says when to try again and keeps what was typed", async () => {
    const address = `203.0.113.${mode.js ? 71 : 72}`;
    // The address has registered its hour's allowance (a family of four) through the API.
    for (let i = 0; i < PUBLIC_LIMITS.registrationPerAddressHour.max; i++) {
      const r = await fetch(`${app.url}/v1/community/register-member`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": address },
        body: JSON.stringify(apiMember(`Fam${mode.js ? "j" : "n"}${"abcd"[i]}`)),
      });
      expect(r.status).toBe(200);
    }
    const page = await pageFrom(mode, address);
    await page.goto("/register-community-member");
    await fillMemberForm(page, {
      first: "Fifth",
      last: "Person",
      dob: "05/05/1995",
      email: `fifth.${mode.js ? "js" : "nojs"}@example.org`,
    });
    await fillGuardian(page, 1, "Alice");
    await fillGuardian(page, 2, "Bob");
    await sign(page, mode);
    await page.getByRole("button", { name: "Create Account" }).click();
    const refusal = page.getByText(/^Too many attempts\. Please try again at .+\.$/);
    await refusal.waitFor();
    await expect(refusal.textContent()).resolves.toMatch(
      / at \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/,
    );
    await expect(page.getByLabel("First Name", { exact: true }).inputValue()).resolves.toBe(
      "Fifth",
    );
    expect(await mailsTo(`fifth.${mode.js ? "js" : "nojs"}@example.org`)).toHaveLength(0);
  });

  it("My Profile is for community members: a student is sent to the programs page", async () => {
    const page = await app.newPage(mode);
    await signInFamily(page, "100001", { dob: "01/15/2012", then: "/edit-profile" });
    expect(new URL(page.url()).pathname).toBe("/programs");
  });
});
