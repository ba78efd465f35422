// Errors a person can find: after a refused post the page opens with a
// summary of its errors at the top, linking to each invalid field by the field's label (the
// message stays beside the field, so nothing is said twice: decision 159), and a title starting
// "Error:"; with JavaScript the summary takes the focus. The "already exists" refusal links to ID
// recovery. Every page has a title of its own, and the page that does not exist links home.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { startServer, type RunningServer } from "../../server";
import { MODES, signInFamily, startTestApp, type Mode, type TestApp } from "../support/browser";
import { fillMemberForm, fillTwoGuardians } from "../support/member-form";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const summaryOf = (page: Page) => page.getByRole("region", { name: "There is a problem" });
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return el?.name || el?.getAttribute("aria-labelledby") || el?.tagName;
  });

// Each page speaks from its own address (the server trusts its loopback proxy): the refused
// sign-ins here count toward no other test's limit.
let nextAddress = 1;
async function pageFrom(mode: Pick<Mode, "js">) {
  const page = await app.newPage(mode);
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.51.100.${nextAddress++}` });
  return page;
}

async function ready(page: Page, mode: Pick<Mode, "js">, path: string) {
  await page.goto(path);
  if (mode.js) await page.waitForLoadState("networkidle");
}

describe("the error summary", () => {
  it.each(MODES)(
    "a refused sign-in: the summary at the top holds the form's message, said once, and has the focus ($name)",
    async (mode) => {
      const page = await pageFrom(mode);
      await ready(page, mode, "/signin");
      await page.getByLabel("Student or Community Member ID Number").fill("999999");
      await page.getByLabel("Birth Date (MM/DD/YYYY)").fill("01/15/2012");
      await page.getByRole("button", { name: "Login" }).click();
      const summary = summaryOf(page);
      await summary.waitFor();
      await summary
        .getByRole("alert")
        .filter({ hasText: "Invalid Student ID or Birth Date." })
        .waitFor();
      await expect(page.getByText("Invalid Student ID or Birth Date.").count()).resolves.toBe(1);
      await expect.poll(() => focused(page)).toBe("student-signin-error-summary");
      await expect.poll(() => page.title()).toMatch(/^Error: /);
    },
  );

  it.each(MODES)(
    "a refused registration: links at the top name each invalid field by its label and lead to it ($name)",
    async (mode) => {
      const page = await pageFrom(mode);
      await ready(page, mode, "/register-community-member");
      const plainTitle = await page.title();
      await page.getByLabel("First Name", { exact: true }).fill("Jo");
      await page.getByRole("button", { name: "Create Account" }).click();
      const summary = summaryOf(page);
      await summary.waitFor();
      if (!mode.js) {
        // The server refused it: the page is titled so and the summary is in the first screen.
        expect(await page.title()).toBe(`Error: ${plainTitle}`);
        expect((await summary.boundingBox())!.y).toBeLessThan(600);
      }
      // Refused for its fields (by the server, or by conform in the browser), the first invalid
      // field has the focus (decision 159); the summary has it when the server refuses the form.
      await expect.poll(() => focused(page)).toBe("nameLast");
      // Each link is named by its field's label, never by the field's message.
      const lastName = summary.getByRole("link", { name: "Last Name", exact: true });
      expect(await lastName.getAttribute("href")).toBe("#register-member-nameLast");
      await summary.getByRole("link", { name: "Birth Date (MM/DD/YYYY)" }).waitFor();
      await expect(
        summary.getByRole("link", { name: "First Name", exact: true }).count(),
      ).resolves.toBe(0);
      await expect(summary.getByText("required", { exact: false }).count()).resolves.toBe(0);
      await summary.getByRole("link", { name: "Birth Date (MM/DD/YYYY)" }).click();
      await expect.poll(() => focused(page)).toBe("dob");
      // The message is beside the field, tied to it.
      const field = page.getByLabel("Last Name", { exact: true });
      expect(await field.getAttribute("aria-invalid")).toBe("true");
      const describedBy = (await field.getAttribute("aria-describedby")) ?? "";
      expect(describedBy).toContain("register-member-nameLast-error");
    },
  );
});

/**
 * A district API that follows the spec answers 409 when the community member exists (ours never
 * does, decision 137): this one passes every call to the embedded API but that one.
 */
async function spec409Api(target: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    if (req.method === "PUT" && req.url?.startsWith("/v1/community/register-member")) {
      req.resume();
      res.writeHead(409, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ message: "exists" }));
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const headers = { ...req.headers } as Record<string, string>;
      delete headers.host;
      delete headers["content-length"];
      void fetch(new URL(req.url ?? "/", target), {
        method: req.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
        redirect: "manual",
      })
        .then(async (r) => {
          res.writeHead(r.status, { "Content-Type": r.headers.get("content-type") ?? "" });
          res.end(Buffer.from(await r.arrayBuffer()));
        })
        .catch(() => {
          res.writeHead(502);
          res.end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe("'already exists' from a district API that follows the spec", () => {
  let fake: { url: string; server: Server };
  let web: RunningServer;
  beforeAll(async () => {
    fake = await spec409Api(app.url);
    web = await startServer({
      port: 0,
      host: "127.0.0.1",
      dataDir: await mkdtemp(path.join(tmpdir(), "e2e-409-")),
      districtApiUrl: fake.url,
    });
  });
  afterAll(async () => {
    await web?.close();
    await new Promise((r) => fake?.server.close(r));
  });

  it.each(MODES)("links to ID recovery, not to a 'forgot password' link ($name)", async (mode) => {
    const page = await pageFrom(mode);
    await ready(page, mode, `${web.url}/register-community-member`);
    await fillMemberForm(page, {
      first: "Jordan",
      last: "Rivera",
      dob: "03/02/1980",
      email: "jordan.rivera@example.org",
      printedName: "Jordan Rivera",
    });
    await fillTwoGuardians(page);
    await page.getByLabel("Type your signature").fill("Jordan Rivera");
    await page.getByRole("button", { name: "Create Account" }).click();
    const summary = summaryOf(page);
    await summary
      .getByText("A community member account already exists.", { exact: false })
      .waitFor();
    await expect(page.getByText("forgot password", { exact: false }).count()).resolves.toBe(0);
    await expect.poll(() => focused(page)).toBe("register-member-error-summary");
    await summary.getByRole("link", { name: "Forgot my community member ID" }).click();
    await page.waitForURL((u) => u.pathname === "/signin" && u.search.includes("recover=member"));
    await page.getByRole("dialog", { name: "Community Member ID" }).waitFor();
  });
});

describe("a refused post", () => {
  it.each(MODES)("titles the page 'Error: …' ($name)", async (mode) => {
    const page = await app.newPage(mode);
    await page.goto("/signin");
    if (mode.js) await page.waitForLoadState("networkidle");
    await page.getByLabel("Student or Community Member ID Number").fill("999999");
    await page.getByLabel("Birth Date (MM/DD/YYYY)").fill("01/15/2012");
    await page.getByRole("button", { name: "Login" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: "Invalid Student ID or Birth Date." })
      .waitFor();
    await expect.poll(() => page.title()).toMatch(/^Error: /);
  });
});

describe("titles", () => {
  for (const mode of MODES) {
    it(`every page reached has a title of its own (${mode.name})`, async () => {
      const page = await app.newPage(mode);
      const titles = new Map<string, string>();
      const visit = async (path: string) => {
        await page.goto(path);
        titles.set(path, await page.title());
      };
      for (const path of ["/", "/signin", "/register-community-member", "/register-guest"]) {
        await visit(path);
      }
      await signInFamily(page);
      for (const path of ["/programs", "/my-registrations", "/fees", "/cart", "/instructions"]) {
        await visit(path);
      }
      await visit("/no-such-page");
      const seen = new Map<string, string>();
      for (const [path, title] of titles) {
        expect(title, path).not.toBe("");
        expect({ path, same: seen.get(title) }).toEqual({ path, same: undefined });
        seen.set(title, path);
      }
    });
  }

  for (const mode of MODES) {
    it(`the missing page says so in its title and links home (${mode.name})`, async () => {
      const page = await app.newPage(mode);
      const res = await page.goto("/no-such-page");
      expect(res!.status()).toBe(404);
      expect(await page.title()).toMatch(/^File not found/);
      await page.getByRole("link", { name: "Go to the home page" }).click();
      await page.waitForURL((u) => u.pathname === "/");
    });
  }
});

describe("sign-in page", () => {
  it("offers community members a link to create an account", async () => {
    const page = await app.newPage({ js: false });
    await page.goto("/signin");
    await page.getByRole("link", { name: "Create a community member account" }).click();
    await page.waitForURL((u) => u.pathname === "/register-community-member");
  });
});
