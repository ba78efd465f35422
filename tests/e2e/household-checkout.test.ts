// One cart for a household (decision 167): a parent signed in with three children puts a
// registration in two children's carts and a fee in the third's, brings them into the cart of the
// child on screen with "Pay for all children here", pays once by card, reads one receipt listing
// every child's line and one receipt e-mail per address of every child; each child's own pages
// then show only what is theirs.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import {
  MODES,
  seeNotice,
  signInFamily,
  startTestApp,
  type Mode,
  type TestApp,
} from "../support/browser";
import { queryRows } from "../../district-api/db/client";
import { demoStudent, seedStudents } from "../../district-api/db/seed/core";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  // The demo data holds students 100001 … 100040; these tests use 100041 … 100050, whom no other
  // test of this file touches.
  await seedStudents(db(), 50);
});
afterAll(async () => {
  await app?.close();
});

const db = () => app.server.api!.deps.db;
const DOB = "01/15/2012";
const card = (page: Page, name: string) => page.getByRole("article", { name });
const strip = (page: Page) => page.getByRole("navigation", { name: "Children in this sign-in" });
const summary = (page: Page) => page.getByRole("region", { name: "Cart Summary" });

type Child = ReturnType<typeof demoStudent>;
/** The demo students 100000 + n, as the seed makes them (names, addresses). */
const children = <N extends number[]>(ns: [...N]) =>
  ns.map((n) => demoStudent(n)) as { [K in keyof N]: Child };

// Each page speaks from its own address, so the per-address sign-in budget of one test never
// reaches another.
let nextAddress = 1;
async function newPage(mode: Pick<Mode, "js">): Promise<Page> {
  const ctx = await app.newContext(mode);
  await ctx.setExtraHTTPHeaders({ "X-Forwarded-For": `203.0.113.${nextAddress++}` });
  return ctx.newPage();
}

/** A section that costs money, in an open program; returns the course's name. */
async function paidSection(name: string, costCents: number): Promise<string> {
  const [p] = await queryRows<{ id: string }>(
    db(),
    sql`insert into programs (name, open) values ('Household E2E', true) returning id`,
  );
  const [c] = await queryRows<{ id: string }>(
    db(),
    sql`insert into courses (subject, course_number, name) values ('HHD', '100', ${name}) returning id`,
  );
  await db().execute(
    sql`insert into course_sections (program_id, course_id, section_number, term_id, term, capacity, date_start, date_end, cost_cents)
        values (${p!.id}, ${c!.id}, '1', 'T1', 'Fall', 10, '2027-01-10', '2027-03-10', ${costCents})`,
  );
  return name;
}

async function addChild(page: Page, studentId: string) {
  await strip(page).getByRole("link", { name: "Add another child" }).click();
  await page.getByRole("heading", { name: "Add Another Child" }).waitFor();
  await page.getByLabel("Student or Community Member ID Number").fill(studentId);
  await page.getByLabel("Birth Date (MM/DD/YYYY)").fill(DOB);
  await page.getByRole("button", { name: "Add Child" }).click();
}

async function switchTo(page: Page, name: string) {
  await strip(page)
    .getByRole("button", { name: `Switch to ${name}` })
    .click();
  await strip(page).getByText(`Showing ${name}`).waitFor();
}

/** Registers the child on screen for the course and puts it in their cart from the dialog. */
async function registerIntoCart(page: Page, course: string) {
  await page.goto("/programs");
  await card(page, course).getByRole("button", { name: "Register" }).click();
  const dialog = page.getByRole("dialog", { name: "Payment Options" });
  await dialog.getByLabel("Add to my cart, to pay together with fees").check();
  await dialog.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL((u) => u.pathname === "/cart");
  await page.getByText("The registration is in your cart.", { exact: false }).first().waitFor();
}

async function feeIntoCart(page: Page, fee: string) {
  await page.goto("/fees?tab=optional");
  await card(page, fee).getByRole("button", { name: "Add to Cart" }).click();
  await card(page, fee).getByRole("button", { name: "Added" }).waitFor();
}

/** The names of the cart's lines, as their remove buttons say them. */
async function cartLines(page: Page): Promise<string[]> {
  const names = await summary(page)
    .getByRole("button", { name: /^Remove / })
    .evaluateAll((els) => els.map((e) => e.getAttribute("aria-label") ?? ""));
  return names.map((n) => n.replace(/^Remove /, "")).sort();
}

// As tests/e2e/checkout.test.ts pays: the simulator's card form in the page with JavaScript, its
// hosted checkout page without.
async function payByCard(page: Page, js: boolean, amount: string) {
  await page.getByLabel("Online card").check();
  if (js) {
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: `Pay ${amount} Now` }).click();
  } else {
    await page.getByRole("button", { name: /^Pay \$[\d,.]+ Now$/ }).click();
    await page.waitForURL(/\/simulator\/checkout\//);
    await expect(page.getByText("Test mode").first().isVisible()).resolves.toBe(true);
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: `Pay ${amount}` }).click();
  }
}

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Every message the mail queue has written to the outbox so far. */
async function outbox(): Promise<Mail[]> {
  const dir = path.join(app.dataDir, "outbox");
  const files = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), "utf8"))));
}

/** The receipt rows the payment of this payer's cart queued, once the queue has sent them all. */
async function sentReceipts(payerId: string) {
  const read = () =>
    queryRows<{ to_address: string; subject: string; status: string; cart_id: number }>(
      db(),
      sql`select to_address, subject, status, cart_id from mail_queue
          where kind = 'receipt' and owner_key = ${`student:${payerId}`} order by to_address`,
    );
  for (let i = 0; i < 200; i++) {
    const rows = await read();
    if (rows.length && rows.every((r) => r.status === "sent")) return rows;
    await new Promise((r) => setTimeout(r, 50));
  }
  return read();
}

describe.each(MODES)("one cart for a household ($name)", (mode) => {
  const tag = mode.js ? "JS" : "HTML";

  it("a parent brings three children's carts into one, pays once and each child sees their own", async () => {
    const [a, b, c] = children(mode.js ? [41, 42, 43] : [44, 45, 46]);
    const [idA, idB, idC] = [a, b, c].map((s) => String(s.id)) as [string, string, string];
    const course = await paidSection(`Pottery Studio ${tag}`, 4500);
    const fee = "Science Lab Goggles";
    const page = await newPage(mode);

    // 1. Signed in with A, the parent adds B and C: the child added last is on screen.
    await signInFamily(page, idA);
    await addChild(page, idB);
    await strip(page).getByText(`Showing ${b.nameFirst}`).waitFor();
    await addChild(page, idC);
    await strip(page).getByText(`Showing ${c.nameFirst}`).waitFor();

    // 2. C gets a fee, B and A a registration, each in their own cart, switching from the strip.
    await feeIntoCart(page, fee);
    await switchTo(page, b.nameFirst);
    await registerIntoCart(page, course);
    await switchTo(page, a.nameFirst);
    await registerIntoCart(page, course);
    expect(await cartLines(page)).toEqual([course]);
    await strip(page)
      .getByText(`${b.nameFirst} has 1 item waiting in their own cart.`, { exact: false })
      .waitFor();
    await strip(page)
      .getByText(`${c.nameFirst} has 1 item waiting in their own cart.`, { exact: false })
      .waitFor();

    // 3. "Pay for all children here": every child's line is in A's cart, the others' named.
    await strip(page).getByRole("button", { name: "Pay for all children here" }).click();
    await seeNotice(
      page,
      "Everything in your children's carts is now in this one: one payment pays for all of it.",
    );
    expect(new URL(page.url()).pathname).toBe("/cart");
    expect(await cartLines(page)).toEqual(
      [course, `${course} (for ${b.nameFirst})`, `${fee} (for ${c.nameFirst})`].sort(),
    );
    await expect(
      summary(page)
        .getByRole("row", { name: /^Total/ })
        .textContent(),
    ).resolves.toContain("$98.00");
    await expect(strip(page).getByText("waiting in their own cart").count()).resolves.toBe(0);
    await expect(
      strip(page).getByRole("button", { name: "Pay for all children here" }).count(),
    ).resolves.toBe(0);

    // C's fees page still says the goggles are in the cart (the household's, now A's).
    await switchTo(page, c.nameFirst);
    await page.goto("/fees?tab=optional");
    await card(page, fee).getByRole("button", { name: "Added" }).waitFor();
    await switchTo(page, a.nameFirst);
    await page.goto("/cart");

    // 4. One payment by card for all three lines.
    await payByCard(page, mode.js, "$98.00");
    if (mode.js) {
      // A household's payment lands on its one receipt (decision 167): the payer's own lists
      // show only the payer's part.
      await page.waitForURL(/\/cart-receipt\/\d+/);
    } else {
      await page.waitForURL(/\/payment-complete/);
      await page.getByRole("heading", { name: "Payment Complete" }).waitFor();
      await page.getByText("You paid $98.00 for", { exact: false }).waitFor();
      // The page moves on after a few seconds: its receipt link is followed at once.
      await page.getByRole("link", { name: "View your receipt" }).click();
      await page.waitForURL(/\/cart-receipt\/\d+/);
    }

    // 5. One receipt e-mail, one message per address of every child in the payment.
    const queued = await sentReceipts(idA);
    const addresses = [a, b, c].flatMap((s) => [s.email, ...s.custodianEmails]).sort();
    expect(queued.map((r) => r.to_address)).toEqual(addresses);
    expect(queued.every((r) => r.status === "sent")).toBe(true);
    const cartId = queued[0]!.cart_id;
    expect(new Set(queued.map((r) => r.cart_id))).toEqual(new Set([cartId]));
    const subject = queued[0]!.subject;
    expect(subject).toMatch(/receipt for your payment of \$98\.00$/);
    const mails = (await outbox()).filter(
      (m) => m.subject === subject && m.text.includes(`Cart ID: ${cartId}\n`),
    );
    expect(mails.map((m) => m.to).sort()).toEqual(addresses);
    for (const m of mails) {
      expect(m.text).toContain(`- ${course} (${a.nameFirst} ${a.nameLast}): `);
      expect(m.text).toContain(`- ${course} (${b.nameFirst} ${b.nameLast}): `);
      expect(m.text).toContain(`- ${fee} (${c.nameFirst} ${c.nameLast}): `);
    }

    // The receipt page lists every line, the other children's named, and the one total.
    expect(new URL(page.url()).pathname).toBe(`/cart-receipt/${cartId}`);
    await page
      .getByRole("heading", { name: `Cart For ${a.nameFirst} ${a.nameLast} - ${idA}` })
      .waitFor();
    const receiptLines = async () =>
      (await page.getByRole("article").evaluateAll((els) => els.map((e) => e.ariaLabel))).sort();
    expect(await receiptLines()).toEqual(
      [course, `${course} (for ${b.nameFirst})`, `${fee} (for ${c.nameFirst})`].sort(),
    );
    await page.getByText("Total Paid: $98.00").waitFor();

    // 6. Each child's own pages: B's registration is registered; C's fee is C's purchase, and
    // its receipt shows C's line only.
    await page.goto("/cart");
    await page.getByText("Your cart is empty.").waitFor();
    await switchTo(page, b.nameFirst);
    await page.goto("/my-registrations");
    await card(page, course).getByText("You are Registered", { exact: true }).waitFor();
    await page.goto("/cart");
    await page.getByText("Your cart is empty.").waitFor();
    await switchTo(page, c.nameFirst);
    await page.goto("/fees?tab=purchased");
    await card(page, fee).getByRole("link", { name: "View receipt" }).click();
    await page.waitForURL((u) => u.pathname === `/cart-receipt/${cartId}`);
    await page.getByText("Total Paid: $8.00").waitFor();
    expect(await receiptLines()).toEqual([`${fee} (for ${c.nameFirst})`]);
    await page.context().close();
  });

  it("a GET of the button's address brings nothing in, and the button pressed when nothing waits changes nothing", async () => {
    const [d, e] = children(mode.js ? [47, 48] : [49, 50]);
    const page = await newPage(mode);
    await signInFamily(page, String(d.id));
    await feeIntoCart(page, "Athletic Pass");
    await addChild(page, String(e.id));
    await strip(page).getByText(`Showing ${e.nameFirst}`).waitFor();
    await page.goto("/cart");
    const waiting = strip(page).getByText(`${d.nameFirst} has 1 item waiting in their own cart.`);
    await waiting.waitFor();

    // A GET of the button's address (a bookmark) shows the cart and brings nothing into it.
    await page.goto("/household/cart");
    expect(new URL(page.url()).pathname).toBe("/cart");
    await page.getByText("Your cart is empty.").waitFor();
    await waiting.waitFor();

    // A second tab of the same sign-in brings D's cart in; this tab still shows the button.
    const gather = strip(page).getByRole("button", { name: "Pay for all children here" });
    await gather.waitFor();
    const other = await page.context().newPage();
    await other.goto("/cart");
    await strip(other).getByRole("button", { name: "Pay for all children here" }).click();
    await seeNotice(other, /now in this one/);
    const gathered = [`Athletic Pass (for ${d.nameFirst})`];
    expect(await cartLines(other)).toEqual(gathered);
    await other.close();

    // Pressed here with nothing left waiting: no error, the cart holds the one line once, and
    // D's own cart stays empty.
    await gather.click();
    await seeNotice(page, "Nothing was waiting in your other children's carts.");
    await gather.waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toBe("/cart");
    expect(await cartLines(page)).toEqual(gathered);
    await expect(page.getByRole("alert").count()).resolves.toBe(0);
    await switchTo(page, d.nameFirst);
    await page.getByText("Your cart is empty.").waitFor();
    await page.context().close();
  });
});
