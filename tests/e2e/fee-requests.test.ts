import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import AxeBuilder from "@axe-core/playwright";
import {
  MODES,
  signInFamily,
  signInStaff,
  startTestApp,
  type Mode,
  type TestApp,
} from "../support/browser";
import { todayIn } from "../../domain/rules/time";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

function day(offset: number): string {
  const d = new Date(
    `${todayIn(process.env.DISTRICT_TZ || "America/Chicago", new Date())}T12:00:00Z`,
  );
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

async function apiCall(method: string, path: string, token: string | null, body?: unknown) {
  const res = await fetch(new URL(path, app.url), {
    method,
    headers: {
      "Content-Type": "application/json",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json: unknown = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function apiToken(username: string) {
  const r = (await apiCall("POST", "/v1/instructor", null, {
    username,
    password: `${username}-demo`,
  })) as { accessToken: string };
  return r.accessToken;
}

async function searchAndAdd(page: Page, mode: Mode, query: string, name: string) {
  await page.getByLabel("Search employees by ID or name").fill(query);
  if (!mode.js) await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.getByRole("button", { name: `Add ${name}` }).click();
  await expect
    .poll(() => page.getByRole("list", { name: "Sponsors" }).textContent())
    .toContain(name);
}

async function addQuestion(
  page: Page,
  n: number,
  q: { text: string; type: string; options?: string },
) {
  await page.getByRole("button", { name: "Add Question" }).click();
  const group = page.getByRole("group", { name: `Question ${n}` });
  await group.waitFor();
  await group.getByLabel("Question", { exact: true }).fill(q.text);
  await group.getByLabel("Response Type").selectOption(q.type);
  if (q.options) await group.getByLabel("Options (comma separated)").fill(q.options);
}

describe.each(MODES)("fee requests $name", (mode) => {
  const feeName = `Robotics Trip ${mode.js ? "JS" : "HTML"}`;

  it("a proposer fills the form with two sponsors and three questions, fixes errors and submits", async () => {
    const page = await app.newPage(mode);
    await signInStaff(page, "proposer", { then: "/instructor/fees" });
    await expect(page.getByRole("heading", { name: "My Fee Requests" }).isVisible()).resolves.toBe(
      true,
    );
    expect(await page.getByRole("link", { name: "Buy fees" }).getAttribute("href")).toBe(
      "/instructor/buy-fees",
    );
    await expect(page.getByRole("tab", { name: "Pending Requests" }).isVisible()).resolves.toBe(
      true,
    );
    await page.getByRole("link", { name: "Add Request" }).click();
    await page.waitForURL("**/instructor/fees/new");

    // Cost is wrong on purpose; the rest is right.
    await page.getByLabel("Fee Name").fill(feeName);
    await page.getByLabel("School", { exact: true }).selectOption({ label: "Lincoln High School" });
    await page.getByLabel("School Year").selectOption({ label: "2026-2027" });
    await page.getByLabel("Type", { exact: true }).selectOption("Optional");
    await page.getByLabel("Category", { exact: true }).selectOption({ label: "Clubs" });
    await page.getByLabel("Approval Route").selectOption({ label: "Business Office" });
    await page.getByLabel("Cost", { exact: true }).fill("0.5");
    await page.getByLabel("Account Number").fill("10-2200-5100");
    await page.getByLabel("Collection Start Date").fill(day(0));
    await page.getByLabel("Collection End Date").fill(day(60));
    await page.getByLabel("Allow Guest").check();
    await page.getByLabel("Description").fill("Trip to the regional robotics contest.");

    // The signed-in employee is pre-added and cannot be removed.
    const sponsors = page.getByRole("list", { name: "Sponsors" });
    await expect(sponsors.textContent()).resolves.toContain("Paula Proposer");
    await expect(page.getByRole("button", { name: "Remove Paula Proposer" }).count()).resolves.toBe(
      0,
    );
    await searchAndAdd(page, mode, "ian", "Ian Other");
    await searchAndAdd(page, mode, "IRENE", "Irene Instructor");
    // Chosen sponsors are hidden from the search.
    await page.getByLabel("Search employees by ID or name").fill("irene");
    if (!mode.js) await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByRole("button", { name: "Add Irene Instructor" }).count()).resolves.toBe(
      0,
    );
    // Enter in a field never presses a Remove or Add button.
    await page.getByLabel("Description").focus();
    await page.getByLabel("Fee Name").press("Enter");
    await expect.poll(() => sponsors.textContent()).toContain("Ian Other");
    await expect(page.getByLabel("Fee Name").inputValue()).resolves.toBe(feeName);
    await page.getByRole("button", { name: "Remove Ian Other" }).click();
    await expect.poll(() => sponsors.textContent()).not.toContain("Ian Other");

    await page.getByRole("radio", { name: "Yes" }).check();
    if (!mode.js) {
      // Without JavaScript the questions section is always there.
    }
    await addQuestion(page, 1, { text: "T-shirt size", type: "Value List", options: "S, M, L" });
    await addQuestion(page, 2, { text: "Throwaway", type: "Free Form" });
    await addQuestion(page, 3, { text: "Dietary needs", type: "Free Form" });
    await addQuestion(page, 4, { text: "I accept the trip rules", type: "Waiver" });
    // Deleting question 2 renumbers the ones after it.
    await page.getByRole("button", { name: "Delete Question 2" }).click();
    await expect
      .poll(() =>
        page.getByRole("group", { name: "Question 3" }).getByLabel("Sort Order").inputValue(),
      )
      .toBe("3");
    await expect(
      page
        .getByRole("group", { name: "Question 2" })
        .getByLabel("Question", { exact: true })
        .inputValue(),
    ).resolves.toBe("Dietary needs");
    await expect(
      page.getByRole("group", { name: "Question 2" }).getByLabel("Sort Order").inputValue(),
    ).resolves.toBe("2");
    // Everything typed survived the round trips.
    await expect(page.getByLabel("Fee Name").inputValue()).resolves.toBe(feeName);
    await expect(page.getByLabel("Account Number").inputValue()).resolves.toBe("10-2200-5100");

    const submit = page.getByRole("button", { name: "Submit Request" });
    if (mode.js) {
      // Checked as one types: while invalid, submit is disabled with the tooltip.
      await expect.poll(() => page.getByText("Required", { exact: true }).count()).toBe(1);
      await expect(submit.isDisabled()).resolves.toBe(true);
      await submit.locator("xpath=..").hover();
      await expect
        .poll(() => page.getByText("Please fix the validation issues above").first().isVisible())
        .toBe(true);
    } else {
      // Without JavaScript the server checks the same rules and keeps everything typed.
      await submit.click();
      await expect.poll(() => page.getByText("Required", { exact: true }).count()).toBe(1);
      await expect(page.getByLabel("Fee Name").inputValue()).resolves.toBe(feeName);
      await expect(
        page.getByRole("group", { name: "Question 3" }).getByLabel("Response Type").inputValue(),
      ).resolves.toBe("Waiver");
    }
    await page.getByLabel("Cost", { exact: true }).fill("12.50");
    if (mode.js) {
      await expect.poll(() => page.getByText("Required", { exact: true }).count()).toBe(0);
      await expect(submit.isDisabled()).resolves.toBe(false);
    }
    await submit.click();
    await page.waitForURL((u) => u.pathname === "/instructor/fees");
    const row = page.getByRole("row", { name: new RegExp(feeName) });
    await expect(row.textContent()).resolves.toContain("Pending");
    await expect(row.textContent()).resolves.toContain("$12.50");
    if (mode.js) {
      await expect.poll(() => page.getByText("Request Saved").isVisible()).toBe(true);
    }
  });

  it("the fee administrator approves it; the status history shows the notes", async () => {
    const page = await app.newPage(mode);
    await signInStaff(page, "feeadmin");
    await page.waitForURL("**/instructor/fee-proposals**");
    await page.getByRole("link", { name: `Review ${feeName}` }).click();
    const dialog = page.getByRole("dialog");
    // Without JavaScript the click loads a new page: wait until the dialog's details have arrived
    // (a read while the page is still being parsed sees only the title).
    await expect
      .poll(async () => (await dialog.textContent()) ?? "")
      .toContain("I accept the trip rules");
    const details = (await dialog.textContent()) ?? "";
    // Two sponsors, three questions (one Value List, one Waiver), in their renumbered order.
    expect(details).toContain("Paula Proposer, Irene Instructor");
    expect(details).not.toContain("Ian Other");
    expect(details).toMatch(
      /T-shirt size — Value List \(S, M, L\).*Dietary needs — Free Form.*I accept the trip rules — Waiver/,
    );
    expect(details).not.toContain("Throwaway");
    await dialog.getByLabel("Notes").fill("Approved for the spring trip.");
    await dialog.getByRole("button", { name: "Approve" }).click();
    await page.waitForURL((u) => !u.search.includes("review"));
    await expect.poll(() => page.getByRole("link", { name: `Review ${feeName}` }).count()).toBe(0);
    if (mode.js) await expect.poll(() => page.getByText("Request Approved").isVisible()).toBe(true);

    const proposer = await app.newPage(mode);
    await signInStaff(proposer, "proposer", { then: "/instructor/fees?tab=approved" });
    await proposer.getByRole("link", { name: `Status History ${feeName}` }).click();
    await expect
      .poll(async () => (await proposer.getByRole("dialog").textContent()) ?? "")
      .toContain("Approved for the spring trip.");
  });

  it("a family then sees the approved fee, answers its questions and buys it", async () => {
    const page = await app.newPage(mode);
    await signInFamily(page, mode.js ? "100011" : "100012", { then: "/fees?tab=optional" });
    await expect
      .poll(async () => (await page.locator("main").textContent()) ?? "")
      .toContain(feeName);
    const fee = page.getByRole("article", { name: feeName });
    await fee.getByRole("link", { name: "Add to Cart" }).click();
    const dialog = page.getByRole("dialog", { name: `Questions: ${feeName}` });
    await dialog.waitFor();
    // The approved fee asks the request's questions, in their order.
    await dialog.getByLabel("M", { exact: true }).check();
    await dialog.getByLabel("Dietary needs").fill("None");
    await dialog.getByLabel("I Accept").check();
    await dialog.getByRole("button", { name: "Add to Cart" }).click();
    await fee.getByRole("button", { name: "Added" }).waitFor();
    // ... and buys it by card.
    await page.goto("/cart");
    await page.getByLabel("Online card").check();
    if (mode.js) {
      await page.getByLabel("Card number").fill("4242 4242 4242 4242");
      await page.getByRole("button", { name: "Pay $12.50 Now" }).click();
      await page.waitForURL(/\/fees\?purchased=1/);
    } else {
      await page.getByRole("button", { name: "Pay $12.50 Now" }).click();
      await page.waitForURL(/\/simulator\/checkout\//);
      await page.getByLabel("Card number").fill("4242 4242 4242 4242");
      await page.getByRole("button", { name: "Pay $12.50" }).click();
      await page.waitForURL(/\/payment-complete/);
    }
    await page.goto("/fees?tab=purchased");
    await expect
      .poll(async () => (await page.locator("main").textContent()) ?? "")
      .toContain(feeName);
  });

  it("a denied request shows its notes, and a request without notes says so", async () => {
    const page = await app.newPage(mode);
    await signInStaff(page, "proposer", { then: "/instructor/fees" });
    await page.getByRole("link", { name: "Status History Lab Coat" }).click();
    // Without JavaScript the click loads a new page: read its dialog once the page has loaded
    // (a streamed page can be read half-parsed).
    await page.waitForURL(/history=/);
    await expect
      .poll(() => page.getByRole("dialog").textContent())
      .toContain("Lab coats are provided by the school");
    await page.goto("/instructor/fees");
    await page.getByRole("link", { name: "Status History Robotics Club Kit" }).click();
    await page.waitForURL(/history=/);
    await expect
      .poll(() => page.getByRole("dialog").textContent())
      .toContain("No status history to display.");
  });

  it("a denied request is edited and resubmitted; an approved one is duplicated", async () => {
    const page = await app.newPage(mode);
    await signInStaff(page, "proposer", { then: "/instructor/fees" });
    await page.getByRole("link", { name: "Edit Lab Coat" }).click();
    await page.waitForURL(/\/instructor\/fees\/\d+\/edit$/);
    await expect(page.getByLabel("Fee Name").inputValue()).resolves.toBe("Lab Coat");
    await expect(page.getByLabel("To be Assigned by Business Office").isChecked()).resolves.toBe(
      true,
    );
    await page.getByLabel("Cost", { exact: true }).fill(mode.js ? "21.00" : "22.00");
    await page.getByRole("button", { name: "Submit Request" }).click();
    await page.waitForURL((u) => u.pathname === "/instructor/fees");
    const row = page.getByRole("row", { name: /Lab Coat/ });
    // With JavaScript the list re-renders just after the URL changes.
    await expect.poll(() => row.textContent()).toContain("Pending");
    await expect(row.textContent()).resolves.toContain(mode.js ? "$21.00" : "$22.00");

    await page.goto("/instructor/fees?tab=approved");
    await page.getByRole("link", { name: "Duplicate Chess Club Membership" }).click();
    await page.waitForURL(/\/instructor\/fees\/new\?from=\d+$/);
    await expect(page.getByLabel("Fee Name").inputValue()).resolves.toBe("Chess Club Membership");
    const copy = `Chess Club Membership copy ${mode.js ? "JS" : "HTML"}`;
    await page.getByLabel("Fee Name").fill(copy);
    await page.getByRole("button", { name: "Submit Request" }).click();
    await page.waitForURL((u) => u.pathname === "/instructor/fees");
    await expect(
      page.getByRole("row", { name: new RegExp(copy) }).textContent(),
    ).resolves.toContain("Pending");
  });

  it("a refused save shows 'Error Saving Request' and the server's errorMessage as a warning", async () => {
    // The proposer opens a pending request; meanwhile the fee administrator approves it.
    const proposer = await apiToken("proposer");
    const lookup = async (p: string) =>
      (await apiCall("GET", `/v1/instructor/${p}`, proposer)) as { id: number }[];
    const name = `Race ${mode.js ? "JS" : "HTML"}`;
    const saved = (await apiCall("POST", "/v1/fee-requests/save", proposer, {
      name,
      school: (await lookup("schools"))[0]!.id,
      year: (await lookup("school-years"))[0]!.id,
      approvalRoute: (await lookup("approval-routes"))[0]!.id,
      type: "Course",
      cost: 5,
      accountAssignedByBusinessOffice: true,
      allowStudent: true,
      collectionStart: day(1),
      collectionEnd: day(9),
      sponsors: [{ id: "E1003", name: "Paula Proposer" }],
    })) as { feeRequestId: number };
    const page = await app.newPage(mode);
    await signInStaff(page, "proposer", { then: `/instructor/fees/${saved.feeRequestId}/edit` });
    await expect(page.getByLabel("Fee Name").inputValue()).resolves.toBe(name);
    await apiCall(
      "POST",
      `/v1/fee-requests/${saved.feeRequestId}/approve`,
      await apiToken("feeadmin"),
      {},
    );
    await page.getByRole("button", { name: "Submit Request" }).click();
    // Waits as long as a page may take (a click before the page has come alive posts it as a
    // plain form, and the answer is a whole new page), not a poll's one second.
    await page.getByText("Error Saving Request").waitFor();
    await expect(
      page.getByText("Only pending or denied requests can be changed.").isVisible(),
    ).resolves.toBe(true);
    expect(new URL(page.url()).pathname).toBe(`/instructor/fees/${saved.feeRequestId}/edit`);
  });

  it("staff without the proposer role are sent to /instructor/fees", async () => {
    const page = await app.newPage(mode);
    await signInStaff(page, "instructor", { then: "/instructor/fees/new" });
    expect(new URL(page.url()).pathname).toBe("/instructor/fees");
    await page.goto("/instructor/fee-proposals");
    expect(new URL(page.url()).pathname).toBe("/instructor/fees");
    await expect(page.getByRole("link", { name: "Buy fees" }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("link", { name: "Add Request" }).count()).resolves.toBe(0);
  });
});

describe("fee request review and refresh", () => {
  it.each(MODES)("denying needs notes ($name)", async (mode) => {
    const proposer = await apiToken("proposer");
    const name = `Deny Me ${mode.js ? "JS" : "HTML"}`;
    const lookup = async (p: string) =>
      (await apiCall("GET", `/v1/instructor/${p}`, proposer)) as { id: number }[];
    await apiCall("POST", "/v1/fee-requests/save", proposer, {
      name,
      school: (await lookup("schools"))[0]!.id,
      year: (await lookup("school-years"))[0]!.id,
      approvalRoute: (await lookup("approval-routes"))[0]!.id,
      type: "Enrollment",
      cost: 3,
      accountNumber: "1-2",
      collectionStart: day(0),
      collectionEnd: day(3),
      sponsors: [{ id: "E1003", name: "Paula Proposer" }],
    });
    const page = await app.newPage(mode);
    await signInStaff(page, "feeadmin");
    await page.getByRole("link", { name: `Review ${name}` }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Deny" }).click();
    await expect
      .poll(() => page.getByText("Notes are required when denying a request.").isVisible())
      .toBe(true);
    await page.getByRole("dialog").getByLabel("Notes").fill("Use the district form instead.");
    await page.getByRole("dialog").getByRole("button", { name: "Deny" }).click();
    await expect.poll(() => page.getByRole("link", { name: `Review ${name}` }).count()).toBe(0);
    await page.goto("/instructor/fee-proposals?status=Denied");
    await page.getByRole("link", { name: `Status History ${name}` }).click();
    await page.getByRole("dialog").getByText("Use the district form instead.").waitFor();
  });

  it("with JavaScript, Course clears the category, BO the account number, No the questions", async () => {
    const page = await app.newPage({ js: true });
    await signInStaff(page, "proposer", { then: "/instructor/fees/new" });
    await page.getByLabel("Type", { exact: true }).selectOption("Optional");
    await page.getByLabel("Category", { exact: true }).selectOption({ label: "Clubs" });
    await page.getByLabel("Type", { exact: true }).selectOption("Course");
    await expect.poll(() => page.getByLabel("Category", { exact: true }).inputValue()).toBe("");
    await page.getByLabel("Account Number").fill("55-1");
    await page.getByLabel("To be Assigned by Business Office").check();
    await expect.poll(() => page.getByLabel("Account Number").inputValue()).toBe("");
    await page.getByRole("radio", { name: "Yes" }).check();
    await page.getByRole("button", { name: "Add Question" }).click();
    await page.getByRole("group", { name: "Question 1" }).waitFor();
    await page.getByRole("radio", { name: "No" }).check();
    await expect.poll(() => page.getByRole("group", { name: "Question 1" }).count()).toBe(0);
    await page.getByRole("radio", { name: "Yes" }).check();
    await expect(page.getByRole("button", { name: "Add Question" }).isVisible()).resolves.toBe(
      true,
    );
    await expect(page.getByRole("group", { name: "Question 1" }).count()).resolves.toBe(0);
  });

  it("with JavaScript the list refreshes every 5 minutes while the tab is visible", async () => {
    const page = await app.newPage({ js: true });
    await page.clock.install();
    await signInStaff(page, "proposer", { then: "/instructor/fees" });
    await page.getByRole("tab", { name: "Pending Requests" }).waitFor();
    const name = "Arrived Meanwhile";
    const proposer = await apiToken("proposer");
    const lookup = async (p: string) =>
      (await apiCall("GET", `/v1/instructor/${p}`, proposer)) as { id: number }[];
    await apiCall("POST", "/v1/fee-requests/save", proposer, {
      name,
      school: (await lookup("schools"))[0]!.id,
      year: (await lookup("school-years"))[0]!.id,
      approvalRoute: (await lookup("approval-routes"))[0]!.id,
      type: "Course",
      cost: 4,
      accountNumber: "1-2",
      collectionStart: day(0),
      collectionEnd: day(3),
      sponsors: [{ id: "E1003", name: "Paula Proposer" }],
    });
    await page.clock.runFor(4 * 60_000);
    await expect(page.getByRole("row", { name: new RegExp(name) }).count()).resolves.toBe(0);
    await page.clock.runFor(60_000 + 1_000);
    await expect.poll(() => page.getByRole("row", { name: new RegExp(name) }).count()).toBe(1);
  });
});

describe("fee request pages are accessible", () => {
  it("axe finds no violations on the list, the form, the history and the review", async () => {
    const found: string[] = [];
    const check = async (page: Page, path: string) => {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      const r = await new AxeBuilder({ page }).analyze();
      for (const v of r.violations) found.push(`${path}: ${v.id}`);
    };
    const proposer = await app.newPage({ js: true });
    await signInStaff(proposer, "proposer");
    for (const path of ["/instructor/fees", "/instructor/fees?history=1", "/instructor/fees/new"]) {
      await check(proposer, path);
    }
    const admin = await app.newPage({ js: true });
    await signInStaff(admin, "feeadmin");
    await check(admin, "/instructor/fee-proposals?status=all&review=1");
    expect(found).toEqual([]);
    // Four axe runs on full staff pages: on two busy cores each can take over 20 s.
  }, 180_000);
});
