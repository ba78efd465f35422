// Spec 01 §2 in the browser, with and without JavaScript: the questionnaire, every sign-in, ID
// recovery, sign out, navigation per role, the small-screen drawer, instructions and 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import {
  MODES,
  signInFamily,
  signInStaff,
  startTestApp,
  type Mode,
  type TestApp,
} from "../support/browser";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

// Every page speaks from its own address (the app trusts the loopback proxy header), so the
// per-address sign-in throttle of one test never reaches another.
let nextAddress = 1;
async function newPage(
  mode: Pick<Mode, "js">,
  viewport?: { width: number; height: number },
): Promise<Page> {
  const ctx = await app.newContext(mode, viewport ? { viewport } : undefined);
  await ctx.setExtraHTTPHeaders({ "X-Forwarded-For": `203.0.113.${nextAddress++}` });
  return ctx.newPage();
}

async function waitForPath(page: Page, pathname: string) {
  await page.waitForURL((u) => u.pathname === pathname);
}

/** Where the page is: its path, and the page it will return to after signing in. */
function where(page: Page): string {
  const u = new URL(page.url());
  const back = u.searchParams.get("redirectTo");
  return back ? `${u.pathname} <- ${back}` : u.pathname;
}

/** The names of the main navigation's links and buttons, in order. */
async function navItems(page: Page): Promise<string[]> {
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  return nav
    .locator("a, button")
    .evaluateAll((els) =>
      els.map((e) => (e.getAttribute("aria-label") ?? e.textContent ?? "").trim()),
    );
}

const STUDENT = "Current student or parent";
const COMMUNITY = "Community member";
const STAFF = "Current staff member";

/** Every way through the two steps: who, what, and the sign-in it ends on. */
const QUESTIONNAIRE_ROUTES = [
  [STUDENT, "Pay fees or purchase items", "/signin <- /fees"],
  [STUDENT, "Register for programs", "/signin <- /programs"],
  [STUDENT, "Skip to login", "/signin <- /programs"],
  [COMMUNITY, "Pay fees", "/signin <- /fees"],
  [COMMUNITY, "Register for programs", "/signin <- /programs"],
  [COMMUNITY, "Skip to login", "/signin <- /programs"],
  [STAFF, "View my activities", "/instructor/sign-in <- /instructor/"],
  [STAFF, "Submit a fee request", "/instructor/sign-in <- /instructor/fee-proposals"],
  [STAFF, "Pay fees", "/instructor/sign-in <- /instructor/fees"],
  [STAFF, "Skip to login", "/instructor/sign-in"],
] as const;

// The questionnaire's steps are addresses and its choices plain links (spec 01 §2), so without
// JavaScript a person does what these requests do: read a page, follow the link of that name,
// follow the redirects. Every route through it is checked here, over HTTP; the browser below
// walks one route per kind of person with JavaScript (the links' client-side navigation) and
// measures the choices' words on a narrow screen.
describe("questionnaire's links (over HTTP, as a browser without JavaScript follows them)", () => {
  const decode = (text: string) =>
    text
      .replace(/<[^>]*>/g, "")
      .replace(/&amp;/g, "&")
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/\s+/g, " ")
      .trim();

  /** The address of the one link on the page named `name`, as a browser resolves it. */
  function linkNamed(html: string, pageUrl: string, name: string): string {
    const hrefs = [...html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)]
      .filter(([, attrs, inner]) => {
        const label = /aria-label="([^"]*)"/.exec(attrs!)?.[1];
        return decode(label ?? inner!) === name;
      })
      .map(([, attrs]) => decode(/href="([^"]*)"/.exec(attrs!)?.[1] ?? ""));
    expect(hrefs, `links named "${name}" on ${pageUrl}`).toHaveLength(1);
    return new URL(hrefs[0]!, pageUrl).href;
  }

  /** Follows redirects as a browser does; the page it ends on and its HTML. */
  async function open(url: string): Promise<{ url: string; html: string }> {
    for (let hops = 0; hops < 5; hops++) {
      const res = await fetch(url, { redirect: "manual" });
      const location = res.headers.get("location");
      if (res.status >= 300 && res.status < 400 && location) {
        await res.body?.cancel();
        url = new URL(location, url).href;
        continue;
      }
      expect(res.status, url).toBe(200);
      return { url, html: await res.text() };
    }
    throw new Error(`more than 5 redirects from ${url}`);
  }

  const whereAt = (url: string) => {
    const u = new URL(url);
    const back = u.searchParams.get("redirectTo");
    return back ? `${u.pathname} <- ${back}` : u.pathname;
  };

  it.each(QUESTIONNAIRE_ROUTES)("%s → %s → %s", async (who, action, expected) => {
    const step1 = await open(`${app.url}/`);
    expect(step1.html).toContain("Welcome! Who are you?");
    const step2 = await open(linkNamed(step1.html, step1.url, who));
    expect(step2.html).toContain("What would you like to do?");
    const signIn = await open(linkNamed(step2.html, step2.url, action));
    expect(whereAt(signIn.url)).toBe(expected);
  });

  it("Guest goes straight to /register-guest", async () => {
    const step1 = await open(`${app.url}/`);
    const guest = await open(linkNamed(step1.html, step1.url, "Guest"));
    expect(new URL(guest.url).pathname).toBe("/register-guest");
    expect(guest.html).toContain("Guest Login");
  });

  it("Skip to login on step 1 goes to the login for /programs", async () => {
    const step1 = await open(`${app.url}/`);
    const signIn = await open(linkNamed(step1.html, step1.url, "Skip to login"));
    expect(whereAt(signIn.url)).toBe("/signin <- /programs");
  });

  it("Back returns from step 2 to step 1", async () => {
    const step1 = await open(`${app.url}/`);
    const step2 = await open(linkNamed(step1.html, step1.url, STAFF));
    expect(step2.html).toContain("View my activities");
    const back = await open(linkNamed(step2.html, step2.url, "Back"));
    expect(new URL(back.url).search).toBe("");
    expect(back.html).toContain("Welcome! Who are you?");
  });
});

// With JavaScript the links navigate on the client: one route per kind of person (every route is
// checked over HTTP above; without JavaScript a browser follows the same links as those requests).
describe("questionnaire with JavaScript", () => {
  const mode = { js: true };
  it.each([QUESTIONNAIRE_ROUTES[0], QUESTIONNAIRE_ROUTES[4], QUESTIONNAIRE_ROUTES[7]])(
    "%s → %s → %s",
    async (who, action, expected) => {
      const page = await newPage(mode);
      await page.goto("/");
      await expect(
        page.getByRole("heading", { name: "Welcome! Who are you?" }).count(),
      ).resolves.toBe(1);
      await page.getByRole("link", { name: who, exact: true }).click();
      await page.getByRole("heading", { name: "What would you like to do?" }).waitFor();
      await page.getByRole("link", { name: action, exact: true }).click();
      await page.waitForURL((u) => u.pathname !== "/");
      await page.waitForLoadState();
      expect(where(page)).toBe(expected);
    },
  );

  it("Guest goes straight to /register-guest", async () => {
    const page = await newPage(mode);
    await page.goto("/");
    await page.getByRole("link", { name: "Guest", exact: true }).click();
    await waitForPath(page, "/register-guest");
    await page.getByRole("heading", { name: "Guest Login" }).waitFor();
  });

  it("Skip to login on step 1 goes to the login for /programs", async () => {
    const page = await newPage(mode);
    await page.goto("/");
    await page.getByRole("link", { name: "Skip to login" }).click();
    await waitForPath(page, "/signin");
    expect(where(page)).toBe("/signin <- /programs");
  });

  it("Back returns from step 2 to step 1", async () => {
    const page = await newPage(mode);
    await page.goto("/");
    await page.getByRole("link", { name: STAFF }).click();
    await page.getByRole("link", { name: "View my activities" }).waitFor();
    await page.getByRole("link", { name: "Back" }).click();
    await page.getByRole("heading", { name: "Welcome! Who are you?" }).waitFor();
    expect(new URL(page.url()).search).toBe("");
  });
});

describe.each(MODES)("questionnaire $name", (mode) => {
  it.each([320, 360])(
    "at %i px every choice's words show whole, wrapping if need be",
    async (width) => {
      const page = await newPage(mode);
      await page.setViewportSize({ width, height: 640 });
      for (const who of [STUDENT, COMMUNITY, STAFF]) {
        await page.goto("/");
        await page.getByRole("link", { name: who, exact: true }).click();
        await page.getByRole("heading", { name: "What would you like to do?" }).waitFor();
        for (const link of await page.getByRole("link").all()) {
          const name = (await link.textContent())?.trim();
          // Nothing inside the link is cut off, and the link stays inside the window.
          const clipped = await link.evaluate(
            (a) =>
              [a, ...a.querySelectorAll("*")].some((e) => e.scrollWidth > e.clientWidth + 1) ||
              a.getBoundingClientRect().right > document.documentElement.clientWidth,
          );
          expect(clipped, `${who} → ${name}`).toBe(false);
        }
      }
    },
  );
});

/** Typos of 01/15/2012. */
const TYPOS = ["01/16/2012", "01/25/2012", "02/15/2012", "11/15/2012", "01/15/2011"];

describe("student login's wrong birth dates (over HTTP, the server's reply to the form post)", () => {
  it.each(["15/01/2012", "2012-01-15", "02/30/2012", "01/15/2099"])(
    "the birth date %s gets the MM/DD/YYYY message",
    async (dob) => {
      const res = await fetch(`${app.url}/signin`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: app.url,
          "X-Forwarded-For": `203.0.113.${nextAddress++}`,
        },
        body: new URLSearchParams({ intent: "login", studentId: "100001", dob }),
      });
      // The form again (no redirect), its birth date refused with the spec's words.
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("must be formatted MM/DD/YYYY");
    },
  );
});

describe.each(MODES)("student login $name", (mode) => {
  it("has the spec's labels, buttons and links", async () => {
    const page = await newPage(mode);
    await page.goto("/signin");
    await page.getByLabel("Student or Community Member ID Number").waitFor();
    await page.getByLabel("Birth Date (MM/DD/YYYY)").waitFor();
    await page.getByRole("button", { name: "Login" }).waitFor();
    await page.getByRole("link", { name: "Back" }).waitFor();
    await page.getByRole("link", { name: "Forgot Student ID Number" }).waitFor();
    await page.getByRole("link", { name: "Forgot Community Member ID Number" }).waitFor();
  });

  it("a good login goes to /programs; a community member signs in the same way", async () => {
    const page = await newPage(mode);
    await signInFamily(page, "100001", { dob: "01/15/2012" });
    expect(where(page)).toBe("/programs");
    const member = await newPage(mode);
    await signInFamily(member, "200001", { dob: "03/02/1980" });
    expect(where(member)).toBe("/programs");
  });

  it("stays on a family page it was sent from", async () => {
    const page = await newPage(mode);
    await page.goto("/my-registrations");
    expect(where(page)).toBe("/signin <- /my-registrations");
    await page.getByLabel("Student or Community Member ID Number").fill("100002");
    await page.getByLabel("Birth Date (MM/DD/YYYY)").fill("01/15/2012");
    await page.getByRole("button", { name: "Login" }).click();
    await waitForPath(page, "/my-registrations");
  });

  it("a wrong birth date says so and keeps the ID typed", async () => {
    const page = await newPage(mode);
    await page.goto("/signin");
    await page.getByLabel("Student or Community Member ID Number").fill("100003");
    await page.getByLabel("Birth Date (MM/DD/YYYY)").fill("01/16/2012");
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByText("Invalid Student ID or Birth Date.").waitFor();
    expect(where(page)).toBe("/signin");
    await expect(
      page.getByLabel("Student or Community Member ID Number").inputValue(),
    ).resolves.toBe("100003");
  });

  // One wrong date in the browser: the form shows the message in both modes. Every kind of wrong
  // date is the form's rule (tests/unit/identity-forms.test.ts) and the server's reply below.
  it.each(["15/01/2012"])("the birth date %s gets the MM/DD/YYYY message", async (dob) => {
    const page = await newPage(mode);
    await page.goto("/signin");
    await page.getByLabel("Student or Community Member ID Number").fill("100001");
    await page.getByLabel("Birth Date (MM/DD/YYYY)").fill(dob);
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByText("must be formatted MM/DD/YYYY").waitFor();
    expect(where(page)).toBe("/signin");
  });

  it("after 5 failures the right birth date is refused with the too-many-attempts message", async () => {
    // Each mode uses its own ID: the throttle is per ID as well as per address.
    const studentId = mode.js ? "100014" : "100015";
    const page = await newPage(mode);
    await page.goto("/signin");
    const alerts: string[] = [];
    for (let i = 0; i < 6; i++) {
      await page.getByLabel("Student or Community Member ID Number").fill(studentId);
      // Typos of the right date: the ID's count, not the address's (decision 136).
      await page.getByLabel("Birth Date (MM/DD/YYYY)").fill(i < 5 ? TYPOS[i]! : "01/15/2012");
      await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        page.getByRole("button", { name: "Login" }).click(),
      ]);
      await page.waitForLoadState();
      const alert = page.locator(".field-error[role=alert]");
      await alert.waitFor();
      alerts.push((await alert.textContent()) ?? "");
    }
    expect(alerts.slice(0, 5)).toEqual(Array(5).fill("Invalid Student ID or Birth Date."));
    expect(alerts[5]).toBe("Too many sign-in attempts. Please wait a while and try again.");
    expect(where(page)).toBe("/signin");
  });
});

describe.each(MODES)("a remembered browser $name (decision 136)", (mode) => {
  /** Submits each birth date in turn and returns the message each one got. */
  async function tryDates(page: Page, studentId: string, dates: string[]): Promise<string[]> {
    await page.goto("/signin");
    const alerts: string[] = [];
    for (const dob of dates) {
      await page.getByLabel("Student or Community Member ID Number").fill(studentId);
      await page.getByLabel("Birth Date (MM/DD/YYYY)").fill(dob);
      await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        page.getByRole("button", { name: "Login" }).click(),
      ]);
      await page.waitForLoadState();
      const alert = page.locator(".field-error[role=alert]");
      await alert.waitFor();
      alerts.push((await alert.textContent()) ?? "");
    }
    return alerts;
  }

  it("a family's own browser still signs in while a stranger's guesses have locked the ID", async () => {
    const studentId = mode.js ? "100030" : "100031";
    const mine = await newPage(mode);
    await signInFamily(mine, studentId, { then: "/signout" });
    await mine.getByRole("main").getByRole("button", { name: "Sign Out" }).click();
    await waitForPath(mine, "/");

    // Strangers try five birth dates from five addresses: the ID is locked for the browsers it
    // does not know.
    const alerts: string[] = [];
    for (const dob of ["02/01/2012", "03/01/2012", "04/01/2012", "05/01/2012", "06/01/2012"]) {
      alerts.push(...(await tryDates(await newPage(mode), studentId, [dob])));
    }
    alerts.push(...(await tryDates(await newPage(mode), studentId, ["01/15/2012"])));
    expect(alerts.slice(0, 5)).toEqual(Array(5).fill("Invalid Student ID or Birth Date."));
    expect(alerts[5]).toBe("Too many sign-in attempts. Please wait a while and try again.");

    await signInFamily(mine, studentId);
    expect(where(mine)).toBe("/programs");
  });
});

describe.each(MODES)("staff login $name", (mode) => {
  it.each([
    ["instructor", "/instructor/", ["FEES", "My Activities", "INSTRUCTIONS"]],
    ["feeadmin", "/instructor/fee-proposals", ["FEES", "FEE REQUESTS", "INSTRUCTIONS"]],
    ["proposer", "/instructor/", ["FEES", "My Activities", "INSTRUCTIONS"]],
  ])("%s lands on %s with the right navigation", async (username, landing, nav) => {
    const page = await newPage(mode);
    await signInStaff(page, username);
    expect(where(page)).toBe(landing);
    await expect.poll(() => navItems(page)).toEqual([...nav, "0 items in cart", "Sign Out"]);
    // A signed-in staff user visiting the sign-in page goes to /instructor/.
    await page.goto("/instructor/sign-in");
    expect(where(page)).toBe("/instructor/");
  });

  it("a wrong password says so", async () => {
    const page = await newPage(mode);
    await page.goto("/instructor/sign-in");
    await page.getByLabel("Username").fill("instructor");
    await page.getByLabel("Password").fill("wrong");
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByText("Invalid Username or Password.").waitFor();
    expect(where(page)).toBe("/instructor/sign-in");
  });

  it("after a wrong password, the first click on Login signs in: nothing moves under the pointer", async () => {
    const page = await newPage(mode);
    await page.goto("/instructor/sign-in");
    await page.getByLabel("Username").fill("instructor");
    await page.getByLabel("Password").fill("wrong");
    await page.getByRole("button", { name: "Login" }).click();
    const refusal = page.getByText("Invalid Username or Password.");
    await refusal.waitFor();
    const login = page.getByRole("button", { name: "Login" });
    const before = await login.boundingBox();
    await page.getByLabel("Password").fill("instructor-demo");
    // Leaving the field (as pressing the button does) keeps the line until the next attempt.
    await page.getByLabel("Password").press("Tab");
    await page.waitForTimeout(300);
    expect(await refusal.isVisible()).toBe(true);
    expect((await login.boundingBox())?.y).toBe(before?.y);
    await login.click();
    await waitForPath(page, "/instructor/");
  });

  it("stays on a staff page it was sent from", async () => {
    const page = await newPage(mode);
    await page.goto("/instructor/fees");
    expect(where(page)).toBe("/instructor/sign-in <- /instructor/fees");
    await page.getByLabel("Username").fill("feeadmin");
    await page.getByLabel("Password").fill("feeadmin-demo");
    await page.getByRole("button", { name: "Login" }).click();
    await waitForPath(page, "/instructor/fees");
  });
});

describe.each(MODES)("guest login $name", (mode) => {
  it("goes to /fees keeping the category, with FEES as the only item", async () => {
    const page = await newPage(mode);
    await page.goto("/register-guest?category=Athletics");
    await page.getByLabel("First Name").fill("Gail");
    await page.getByLabel("Last Name").fill("Guest");
    await page.getByLabel("Email").fill(`gail-${mode.js ? "js" : "nojs"}@example.org`);
    await page.getByRole("button", { name: "Continue" }).click();
    await waitForPath(page, "/fees");
    expect(new URL(page.url()).searchParams.get("category")).toBe("Athletics");
    await expect.poll(() => navItems(page)).toEqual(["FEES", "0 items in cart", "Sign Out"]);
    // Guests do not see the instructions.
    await page.goto("/instructions");
    expect(where(page)).toBe("/fees");
  });

  it("an invalid e-mail is refused; an address used before under another name is not (decision 141)", async () => {
    const page = await newPage(mode);
    await page.goto("/register-guest");
    await page.getByLabel("First Name").fill("Pat");
    await page.getByLabel("Last Name").fill("One");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("Email must be valid.").waitFor();
    const email = `shared-${mode.js ? "js" : "nojs"}@example.org`;
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Continue" }).click();
    await waitForPath(page, "/fees");

    const other = await newPage(mode);
    await other.goto("/register-guest");
    await other.getByLabel("First Name").fill("Someone");
    await other.getByLabel("Last Name").fill("Else");
    await other.getByLabel("Email").fill(email);
    await other.getByRole("button", { name: "Continue" }).click();
    await waitForPath(other, "/fees");
  });
});

describe.each(MODES)("recover ID $name", (mode) => {
  it.each([
    [
      "Forgot Student ID Number",
      "Student ID",
      "If located, an email will be sent to the address on file with your Student ID.",
    ],
    [
      "Forgot Community Member ID Number",
      "Community Member ID",
      "If located, an email will be sent to the address on file with your Community Member ID.",
    ],
  ])("%s opens the %s dialog and always shows the green notice", async (link, title, notice) => {
    const page = await newPage(mode);
    await page.goto("/signin");
    await page.getByRole("link", { name: link }).click();
    const dialog = page.getByRole("dialog", { name: title });
    await dialog.waitFor();
    await dialog.getByRole("link", { name: "Cancel" }).waitFor();
    await dialog.getByRole("link", { name: "Close" }).waitFor();
    await dialog.getByLabel("Email").fill("nobody-on-file@example.org");
    await dialog.getByRole("button", { name: "Recover" }).click();
    const shown = dialog.getByText(notice, { exact: true });
    await shown.waitFor();
    // The notice is drawn in the theme's green (its light background and its text colour).
    const colours = await shown.evaluate((el) => {
      const box = el.closest("[role=status]")!;
      const probe = document.createElement("div");
      probe.style.cssText =
        "background-color: var(--mantine-color-green-light); color: var(--mantine-color-green-light-color)";
      document.body.append(probe);
      const want = getComputedStyle(probe);
      const got = getComputedStyle(box);
      const result = {
        background: [got.backgroundColor, want.backgroundColor],
        color: [got.color, want.color],
      };
      probe.remove();
      return result;
    });
    expect(colours.background[0]).toBe(colours.background[1]);
    expect(colours.color[0]).toBe(colours.color[1]);
    // Cancel closes the dialog and leaves the login form.
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await page.getByLabel("Student or Community Member ID Number").waitFor();
  });

  it("the dialog is reachable as a URL", async () => {
    const page = await newPage(mode);
    await page.goto("/signin?recover=member");
    await page.getByRole("dialog", { name: "Community Member ID" }).waitFor();
  });
});

describe.each(MODES)("sign out and navigation $name", (mode) => {
  it("logged out: the two items and no sign out", async () => {
    const page = await newPage(mode);
    await page.goto("/");
    await expect
      .poll(() => navItems(page))
      .toEqual(["Create Community Member Account", "Instructor / Faculty Login"]);
    const logo = page.getByRole("link", { name: "District Programs and Fees" });
    await expect(logo.getAttribute("href")).resolves.toBe("/");
  });

  it("student and community member items", async () => {
    const page = await newPage(mode);
    await signInFamily(page, "100005");
    await expect
      .poll(() => navItems(page))
      .toEqual([
        "FEES",
        "REGISTER",
        "MY REGISTRATIONS",
        "INSTRUCTIONS",
        "0 items in cart",
        "Sign Out",
      ]);
    const member = await newPage(mode);
    await signInFamily(member, "200001", { dob: "03/02/1980" });
    await expect
      .poll(() => navItems(member))
      .toEqual([
        "FEES",
        "REGISTER",
        "MY REGISTRATIONS",
        "INSTRUCTIONS",
        "My Profile",
        "0 items in cart",
        "Sign Out",
      ]);
  });

  it("the header's Sign Out clears both sessions and goes to /", async () => {
    const page = await newPage(mode);
    await signInFamily(page, "100006");
    await signInStaff(page, "instructor");
    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("button", { name: "Sign Out" })
      .click();
    await waitForPath(page, "/");
    await page.getByRole("heading", { name: "Welcome! Who are you?" }).waitFor();
    await page.getByText("You have been signed out.").waitFor();
    await expect
      .poll(() => navItems(page))
      .toEqual(["Create Community Member Account", "Instructor / Faculty Login"]);
    await page.goto("/programs");
    expect(where(page)).toBe("/signin <- /programs");
    await page.goto("/instructor/");
    expect(where(page)).toBe("/instructor/sign-in <- /instructor/");
  });

  it("the notice hides itself after 10 seconds", async () => {
    const page = await newPage(mode);
    if (mode.js) await page.clock.install();
    await signInFamily(page, "100010");
    await page.getByRole("button", { name: "Sign Out" }).click();
    const notice = page.getByText("You have been signed out.");
    await notice.waitFor();
    if (mode.js) {
      await page.clock.fastForward(9_000);
      expect(await notice.isVisible()).toBe(true);
      await page.clock.fastForward(1_500);
      await notice.waitFor({ state: "hidden" });
    } else {
      // Without JavaScript a CSS animation hides it at 10 s.
      const animation = await page
        .locator(".notice-bar")
        .evaluate((el) => [
          getComputedStyle(el).animationName,
          getComputedStyle(el).animationDelay,
        ]);
      expect(animation).toEqual(["notice-hide", "10s"]);
    }
  });

  it("/signout by address shows a Sign Out button; a GET changes nothing", async () => {
    const page = await newPage(mode);
    await signInFamily(page, "100007", { then: "/signout" });
    await page.goto("/programs");
    expect(where(page)).toBe("/programs");
    await page.goto("/signout");
    await page.getByRole("main").getByRole("button", { name: "Sign Out" }).click();
    await waitForPath(page, "/");
    await page.goto("/programs");
    expect(where(page)).toBe("/signin <- /programs");
  });

  it("the small-screen drawer opens from Menu", async () => {
    const page = await newPage(mode, { width: 390, height: 844 });
    await signInFamily(page, "100008");
    const menu = page.getByText("Menu", { exact: true });
    await menu.waitFor();
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    // Closed: no navigation is shown at this width.
    expect(await nav.count()).toBe(0);
    await menu.click();
    await nav.getByRole("link", { name: "MY REGISTRATIONS" }).click();
    await waitForPath(page, "/my-registrations");
  });
});

describe.each(MODES)("instructions, 404 $name", (mode) => {
  it("students read the instructions as a page", async () => {
    const page = await newPage(mode);
    await signInFamily(page, "100009");
    await page.getByRole("link", { name: "INSTRUCTIONS" }).click();
    await waitForPath(page, "/instructions");
    await page.getByRole("heading", { name: "Instructions", level: 1 }).waitFor();
    await page.getByRole("heading", { name: "How to register" }).waitFor();
  });

  it("staff read the staff instructions in a dialog", async () => {
    const page = await newPage(mode);
    await signInStaff(page, "instructor");
    await page.getByRole("link", { name: "INSTRUCTIONS" }).click();
    const dialog = page.getByRole("dialog", { name: "Instructions" });
    await dialog.getByRole("heading", { name: "Staff instructions" }).waitFor();
  });

  it("signed out, the instructions ask for a login", async () => {
    const page = await newPage(mode);
    await page.goto("/instructions");
    expect(where(page)).toBe("/signin <- /instructions");
  });

  it("an unknown path shows File not found", async () => {
    const page = await newPage(mode);
    const res = await page.goto("/no/such/page");
    expect(res?.status()).toBe(404);
    await page.getByRole("heading", { name: "File not found" }).waitFor();
    await page.getByText("The requested file could not be found.").waitFor();
    // Inside the normal site shell.
    await page.getByRole("link", { name: "District Programs and Fees" }).waitFor();
  });
});
