// A household in one sign-in (decision 165): a parent signed in with one child adds the
// next by their ID and birth date, switches between them from the strip at the top of every family
// page, and one sign-out ends every child's session. Each child's data is reached only with that
// child's own token, given for their own ID and birth date.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { demoStudent } from "../../district-api/db/seed/core";
import type { Page } from "playwright-core";
import {
  MODES,
  seeNotice,
  signInFamily,
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

// Each page and each HTTP caller speaks from its own address, so the per-address sign-in budget
// of one test never reaches another.
let nextAddress = 1;
const address = () => `203.0.113.${nextAddress++}`;

async function newPage(mode: Pick<Mode, "js">): Promise<Page> {
  const ctx = await app.newContext(mode);
  await ctx.setExtraHTTPHeaders({ "X-Forwarded-For": address() });
  return ctx.newPage();
}

const DOB = "01/15/2012";

/** The session cookie's contents (signed, not secret): each child's token, as the server keeps it. */
function sessionOf(cookie: string): {
  student?: { studentId: string; nameFirst: string; accessToken: string };
  household?: { studentId: string; nameFirst: string; accessToken: string }[];
} {
  const value = decodeURIComponent(cookie.replace(/^__session=/, "")).split(".")[0]!;
  return JSON.parse(Buffer.from(value, "base64").toString("utf8"));
}

/** Whose token it is, by asking the district API; null when the API refuses it. */
async function tokenOwner(token: string): Promise<string | null> {
  const res = await fetch(`${app.url}/v1/identity/me`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (res.status === 401) return null;
  expect(res.status).toBe(200);
  const body = (await res.json()) as { claims: { sub: string } };
  return body.claims.sub;
}

async function sessionCookie(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  const c = cookies.find((k) => k.name === "__session");
  return `__session=${c?.value ?? ""}`;
}

async function addChild(page: Page, studentId: string, dob = DOB) {
  const bar = page.getByRole("navigation", { name: "Children in this sign-in" });
  await bar.getByRole("link", { name: "Add another child" }).click();
  await page.getByRole("heading", { name: "Add Another Child" }).waitFor();
  await page.getByLabel("Student or Community Member ID Number").fill(studentId);
  await page.getByLabel("Birth Date (MM/DD/YYYY)").fill(dob);
  await page.getByRole("button", { name: "Add Child" }).click();
}

describe.each(MODES)("a parent of three children ($name)", (mode) => {
  it("adds two children to one sign-in, switches between them and signs all of them out", async () => {
    const page = await newPage(mode);
    const [first, second, third] = mode.js
      ? ["100031", "100032", "100033"]
      : ["100034", "100035", "100036"];
    const names = mode.js ? ["Isabella", "Mason", "Amara"] : ["Elijah", "Harper", "Logan"];
    await signInFamily(page, first);
    const bar = page.getByRole("navigation", { name: "Children in this sign-in" });
    await page.goto("/programs");
    await page
      .getByRole("article", { name: "Reading Lab" })
      .getByRole("button", { name: "Register" })
      .click();
    await seeNotice(page, /Registration successful/);
    await bar.getByText(`Showing ${names[0]}`).waitFor();

    // A wrong birth date is refused in the sign-in's own words, and links no one.
    await addChild(page, second!, "02/15/2012");
    await page.getByText("Invalid Student ID or Birth Date.").first().waitFor();
    expect(new URL(page.url()).pathname).toBe("/household/add");
    await page.getByLabel("Birth Date (MM/DD/YYYY)").fill(DOB);
    await page.getByRole("button", { name: "Add Child" }).click();
    await page.waitForURL((u) => u.pathname === "/programs");
    await seeNotice(page, `${names[1]} is added to this sign-in.`);
    await bar.getByText(`Showing ${names[1]}`).waitFor();

    await addChild(page, third!);
    await page.waitForURL((u) => u.pathname === "/programs");
    await bar.getByText(`Showing ${names[2]}`).waitFor();
    expect(
      await bar.getByRole("button").evaluateAll((els) => els.map((e) => e.textContent)),
    ).toEqual([`Switch to ${names[0]}`, `Switch to ${names[1]}`]);

    // My Registrations shows one child or all of them; the others' lists are read with their tokens.
    await page.goto("/my-registrations");
    const whose = page.getByRole("navigation", { name: "Whose registrations" });
    await whose.getByRole("link", { name: "All children" }).click();
    await page.waitForURL((u) => u.searchParams.get("show") === "all");
    const ofFirst = page.getByRole("region", { name: `Registrations of ${names[0]}` });
    await ofFirst.getByText("Reading Lab").waitFor();
    const ofSecond = page.getByRole("region", { name: `Registrations of ${names[1]}` });
    await ofSecond.getByRole("button", { name: `Switch to ${names[1]}` }).waitFor();
    expect(await ofSecond.getByText("Reading Lab").count()).toBe(0);
    await page.getByRole("heading", { name: `Registrations of ${names[2]}` }).waitFor();
    // Acting on a registration is done as that child: the section's switch puts them on screen.
    await ofFirst.getByRole("button", { name: `Switch to ${names[0]}` }).click();
    await bar.getByText(`Showing ${names[0]}`).waitFor();
    expect(new URL(page.url()).pathname).toBe("/my-registrations");
    await seeNotice(page, `Now showing ${names[0]}.`);
    await page.getByRole("article", { name: "Reading Lab" }).waitFor();

    // The switch keeps the family page it was made on, now for the other child.
    await page.goto("/cart");
    await bar.getByRole("button", { name: `Switch to ${names[1]}` }).click();
    await bar.getByText(`Showing ${names[1]}`).waitFor();
    expect(new URL(page.url()).pathname).toBe("/cart");
    await bar.getByRole("button", { name: `Switch to ${names[0]}` }).click();
    await bar.getByText(`Showing ${names[0]}`).waitFor();

    // Each child is reached with their own token: the one on screen, the others kept beside.
    const session = sessionOf(await sessionCookie(page));
    expect(session.student?.studentId).toBe(first);
    expect(await tokenOwner(session.student!.accessToken)).toBe(first);
    const linked = session.household ?? [];
    expect(linked.map((c) => c.studentId).sort()).toEqual([second, third]);
    for (const c of linked) expect(await tokenOwner(c.accessToken)).toBe(c.studentId);

    // One sign-out ends every child's session on the server: the old tokens open nothing.
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await nav.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await seeNotice(page, "You have been signed out.");
    expect(await bar.count()).toBe(0);
    expect(await tokenOwner(session.student!.accessToken)).toBeNull();
    for (const c of linked) expect(await tokenOwner(c.accessToken)).toBeNull();
    await page.context().close();
  });
});

describe.each(MODES)("a community account remembers its children ($name)", (mode) => {
  it("brings a remembered child back at the next sign-in, until the member forgets them", async () => {
    // A member of their own per mode, so neither run sees the other's links.
    const [id, dob, child] = mode.js
      ? ["200201", "04/05/1981", "100037"]
      : ["200202", "06/07/1982", "100038"];
    await app.server.api!.deps.db.execute(
      sql`insert into participants (id, kind, name_first, name_last, dob, grade)
          values (${Number(id)}, 'community_member', ${mode.js ? "Robin" : "Casey"}, 'Moreno',
                  ${`${dob.slice(6)}-${dob.slice(0, 2)}-${dob.slice(3, 5)}`}, 'Adult')`,
    );
    const page = await newPage(mode);
    const bar = page.getByRole("navigation", { name: "Children in this sign-in" });
    const signOut = async () => {
      await page
        .getByRole("navigation", { name: "Main navigation" })
        .getByRole("button", { name: "Sign Out" })
        .click();
      await page.waitForURL((u) => u.pathname === "/");
    };
    await signInFamily(page, id, { dob: dob });
    await addChild(page, child);
    await page.waitForURL((u) => u.pathname === "/programs");
    const childName = demoStudent(Number(child) - 100000).nameFirst;
    await bar.getByText(`Showing ${childName}`).waitFor();
    await seeNotice(
      page,
      `${childName} is added to this sign-in and remembered for your account: ${childName} comes back each time you sign in.`,
    );
    await signOut();

    // The next sign-in, with the member's own ID and birth date only: the child is back.
    await signInFamily(page, id, { dob: dob });
    await bar.getByRole("button", { name: `Switch to ${childName}` }).waitFor();
    const session = sessionOf(await sessionCookie(page));
    const back = session.household?.find((c) => c.studentId === child);
    expect(back).toBeTruthy();
    expect(await tokenOwner(back!.accessToken)).toBe(child);

    // The add page lists the remembered child; forgetting keeps them for this sign-in only.
    await bar.getByRole("link", { name: "Add another child" }).click();
    const remembered = page.getByRole("region", { name: "Remembered for your account" });
    await remembered.getByText(childName, { exact: true }).waitFor();
    await remembered.getByRole("button", { name: `Forget ${childName}` }).click();
    await seeNotice(page, `${childName} will not come back at your next sign-in.`);
    await remembered.getByText("No child is remembered for your account yet.").waitFor();
    await bar.getByRole("button", { name: `Switch to ${childName}` }).waitFor();
    await signOut();
    // Every child's session of that sign-in ended with it.
    expect(await tokenOwner(back!.accessToken)).toBeNull();

    await signInFamily(page, id, { dob: dob });
    await bar.getByText(/^Showing /).waitFor();
    await expect(bar.getByRole("button", { name: `Switch to ${childName}` }).count()).resolves.toBe(
      0,
    );
    await page.context().close();
  });
});

describe("household over HTTP", () => {
  const post = (path: string, body: string, cookie: string, from: string) =>
    fetch(`${app.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: app.url,
        Cookie: cookie,
        "X-Forwarded-For": from,
      },
      body,
    });
  const cookieOf = (res: Response, before: string) =>
    (res.headers.getSetCookie().find((c) => c.startsWith("__session=")) ?? before).split(";")[0]!;

  async function signIn(studentId: string, from: string): Promise<string> {
    const res = await post(
      "/signin",
      `intent=login&studentId=${studentId}&dob=${encodeURIComponent(DOB)}`,
      "",
      from,
    );
    expect(res.status).toBe(302);
    return cookieOf(res, "");
  }

  async function add(cookie: string, studentId: string, from: string, dob = DOB) {
    const res = await post(
      "/household/add",
      `studentId=${studentId}&dob=${encodeURIComponent(dob)}`,
      cookie,
      from,
    );
    return { res, cookie: cookieOf(res, cookie) };
  }

  it("holds five children at most, in a cookie a browser keeps (under 4 KB, a staff session beside)", async () => {
    const from = address();
    let cookie = await signIn("100011", from);
    for (const id of ["100012", "100013", "100014", "100015"]) {
      const r = await add(cookie, id, from);
      expect(r.res.status).toBe(302);
      cookie = r.cookie;
    }
    expect(sessionOf(cookie).household).toHaveLength(4);
    const sixth = await add(cookie, "100016", from);
    expect(sixth.res.status).toBe(400);
    expect(await sixth.res.text()).toContain(
      "This sign-in cannot hold another child (at most 5, fewer with long names).",
    );
    // The staff sign-in beside the family's, in the same cookie.
    const staff = await post(
      "/instructor/sign-in",
      "username=instructor&password=instructor-demo",
      cookie,
      from,
    );
    expect(staff.status).toBe(302);
    const both = staff.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
    expect(sessionOf(both.split(";")[0]!).household).toHaveLength(4);
    // With the staff's navigation in the header, the family's strip is not shown.
    const staffPage = await fetch(`${app.url}/instructions`, {
      headers: { Cookie: both.split(";")[0]!, "X-Forwarded-For": from },
    });
    const html = await staffPage.text();
    expect(html).toContain("Sign Out");
    expect(html).not.toContain(`Showing ${sessionOf(cookie).student!.nameFirst}`);
    expect(both.length).toBeLessThan(4096);
  });

  it("refuses a child whose long name would make the cookie too large for a browser to keep", async () => {
    const from = address();
    // Children with long names (60 and 94 characters): each takes about 760 bytes of the cookie.
    await app.server.api!.database.db.execute(
      sql`update participants set name_first = ${"Maximiliana-Guadalupe Esperanza Inmaculada del Rosario Sofía"},
          name_last = ${"Montenegro-Villaseñor de la Fuente y Castellanos Ibáñez-Echeverría de Santa María del Mar Alta"}
          where id in (100003, 100004, 100005, 100006, 100007, 100008)`,
    );
    let cookie = await signIn("100003", from);
    const sizes: number[] = [];
    let refused: Response | null = null;
    for (const id of ["100004", "100005", "100006", "100007", "100008"]) {
      const r = await add(cookie, id, from);
      if (r.res.status !== 302) {
        refused = r.res;
        break;
      }
      cookie = r.cookie;
      sizes.push(cookie.length);
    }
    // Refused by the cookie's size, before the count of five.
    expect(sizes.length).toBeLessThan(4);
    expect(refused?.status).toBe(400);
    expect(await refused!.text()).toContain("This sign-in cannot hold another child");
    // Every cookie kept leaves room for a staff session: a browser keeps 4,096 bytes.
    for (const size of sizes) expect(size + 720).toBeLessThanOrEqual(4096);
    const staff = await post(
      "/instructor/sign-in",
      "username=instructor&password=instructor-demo",
      cookie,
      from,
    );
    const both = staff.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
    expect(both.split(";")[0]!.length).toBeLessThanOrEqual(4096);
  });

  it("adds a child already there as no one new, and ends the session that add opened", async () => {
    const from = address();
    const cookie = (await add(await signIn("100021", from), "100022", from)).cookie;
    const again = await add(cookie, "100021", from);
    expect(again.res.status).toBe(302);
    const after = sessionOf(again.cookie);
    expect(after.student?.studentId).toBe("100022");
    expect(after.household?.map((c) => c.studentId)).toEqual(["100021"]);
  });

  it("counts a wrong birth date given for a child as a failed sign-in for that ID", async () => {
    const cookie = await signIn("100023", address());
    // The free failures of the ID, each from its own address (the address budget is another rule).
    for (let i = 0; i < 5; i++) {
      const r = await add(cookie, "100024", address(), "03/03/2013");
      expect(r.res.status).toBe(400);
    }
    // Now locked for the sign-in form too, even with the right birth date.
    const locked = await post(
      "/signin",
      `intent=login&studentId=100024&dob=${encodeURIComponent(DOB)}`,
      "",
      address(),
    );
    expect(locked.status).toBe(429);
    expect(await locked.text()).toContain("Too many sign-in attempts.");
  });

  it("shows a linked child whose session ended as not loaded, and keeps the sign-in", async () => {
    const from = address();
    const cookie = (await add(await signIn("100028", from), "100029", from)).cookie;
    const [linked] = sessionOf(cookie).household ?? [];
    const ended = await fetch(`${app.url}/v1/identity/sign-out`, {
      method: "POST",
      headers: { Authorization: `Bearer ${linked!.accessToken}` },
    });
    expect(ended.status).toBeLessThan(300);
    const page = await fetch(`${app.url}/my-registrations?show=all`, {
      redirect: "manual",
      headers: { Cookie: cookie, "X-Forwarded-For": from },
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`The registrations of ${linked!.nameFirst} could not be loaded.`);
    expect(html).toContain(`Showing ${sessionOf(cookie).student!.nameFirst}`);
  });

  it("lets a community member link a child the same way", async () => {
    const from = address();
    const member = await post(
      "/signin",
      `intent=login&studentId=200001&dob=${encodeURIComponent("03/02/1980")}`,
      "",
      from,
    );
    expect(member.status).toBe(302);
    const added = await add(cookieOf(member, ""), "100030", from);
    expect(added.res.status).toBe(302);
    const session = sessionOf(added.cookie);
    expect(session.student?.studentId).toBe("100030");
    expect(session.household?.map((c) => c.studentId)).toEqual(["200001"]);
    const page = await fetch(`${app.url}/programs`, { headers: { Cookie: added.cookie } });
    expect(await page.text()).toContain("Switch to Jordan");
  });

  it("shows every child's previous purchases, each read as that child", async () => {
    const from = address();
    // Ava (100001) has paid part of her Technology Fee; Liam (100002), on screen, has not.
    const cookie = (await add(await signIn("100001", from), "100002", from)).cookie;
    const get = (path: string) =>
      fetch(`${app.url}${path}`, { headers: { Cookie: cookie, "X-Forwarded-For": from } });
    const only = await (await get("/fees?tab=purchased")).text();
    expect(only).toContain("Liam only");
    expect(only).not.toContain("Technology Fee");
    const all = await (await get("/fees?tab=purchased&show=all")).text();
    expect(all).toContain("Purchases of Liam");
    expect(all).toContain("Purchases of Ava");
    expect(all).toContain("Technology Fee");
    expect(all).toMatch(/Paid \$40\.00 on /);
    // A receipt is opened as a linked child only: another ID in `child` reads nothing.
    const stranger = await (await get("/cart-receipt/1?child=student%3A100003")).text();
    expect(stranger).toContain("There was an error loading the cart");
  });

  it("tells on the cart page which other child has items waiting in their own cart", async () => {
    const from = address();
    // Ava (100001) puts her two owed fees in her cart, then Liam (100002) is added and on screen.
    const ava = await signIn("100001", from);
    const added = await post("/fees", "intent=addAll", ava, from);
    expect(added.status).toBe(302);
    const cookie = (await add(cookieOf(added, ava), "100002", from)).cookie;
    const cart = await fetch(`${app.url}/cart`, {
      headers: { Cookie: cookie, "X-Forwarded-For": from },
    });
    const html = await cart.text();
    expect(html).toContain("Ava has 2 items waiting in their own cart.");
    expect(html).toContain("Switch to Ava");
    // Beside it, the button that brings them into this cart (decision 167).
    expect(html).toContain("Pay for all children here");
  });

  it("refuses impossible input with the field's words and links no one", async () => {
    const from = address();
    const cookie = await signIn("100010", from);
    for (const [body, words] of [
      [`studentId=100009&dob=${encodeURIComponent("02/31/2012")}`, "must be formatted MM/DD/YYYY"],
      [`studentId=10000%009&dob=${encodeURIComponent(DOB)}`, "Invalid Student ID or Birth Date."],
      [`studentId=${2 ** 40}${2 ** 40}&dob=${encodeURIComponent(DOB)}`, "Invalid Student ID"],
    ] as const) {
      const res = await post("/household/add", body, cookie, from);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(words);
      expect(res.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(false);
    }
    // A switch that names no child as the strip does is refused, and changes nothing.
    const odd = await post("/household/switch", `child=${"x".repeat(500)}`, cookie, from);
    expect(odd.status).toBe(400);
    expect(odd.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(false);
  });

  it("switches only to a child linked in this sign-in", async () => {
    const from = address();
    const cookie = (await add(await signIn("100025", from), "100026", from)).cookie;
    // Another child's ID in the switch links no one: the page says the child is not here.
    const res = await post("/household/switch", "child=student:100027&from=/fees", cookie, from);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/fees");
    expect(sessionOf(cookieOf(res, cookie)).student?.studentId).toBe("100026");
  });

  it("is not offered to a guest, whose sign-in has no ID to add to", async () => {
    const from = address();
    const guest = await post(
      "/register-guest",
      "nameFirst=Gail&nameLast=Guest&email=gail%40example.org",
      "",
      from,
    );
    expect(guest.status).toBe(302);
    const cookie = cookieOf(guest, "");
    const page = await fetch(`${app.url}/household/add`, {
      redirect: "manual",
      headers: { Cookie: cookie },
    });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/programs");
    const fees = await fetch(`${app.url}/fees`, { headers: { Cookie: cookie } });
    expect(await fees.text()).not.toContain("Add another child");
  });
});
