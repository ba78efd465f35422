// Spanish for families (decision 170): a browser that asks for Spanish gets the family
// pages in Spanish; the family switches language from any page and the choice is kept; a
// Spanish-speaking family signs in, registers, pays by card and reads the receipt in Spanish, with
// JavaScript and without; staff pages stay English.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { MODES, signInFamily, startTestApp, type TestApp } from "../support/browser";
import { seriousViolations } from "../support/a11y";
import { queryRows } from "../../district-api/db/client";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const db = () => app.server.api!.deps.db;
const SPANISH = { locale: "es-MX" };

async function htmlLang(page: Page): Promise<string | null> {
  return page.locator("html").getAttribute("lang");
}

/** An open section costing `cents`; returns its course's name. */
async function section(cents: number): Promise<string> {
  const name = `Guitarra ${Math.random().toString(36).slice(2, 7)}`;
  const [p] = await queryRows<{ id: string }>(
    db(),
    sql`insert into programs (name, open) values ('Música', true) returning id`,
  );
  const [c] = await queryRows<{ id: string }>(
    db(),
    sql`insert into courses (subject, course_number, name) values ('MUS', '210', ${name}) returning id`,
  );
  await db().execute(
    sql`insert into course_sections (program_id, course_id, section_number, term_id, term, capacity,
          date_start, date_end, cost_cents)
        values (${p!.id}, ${c!.id}, '1', 'T1', 'Fall', 10, '2027-01-10', '2027-03-10', ${cents})`,
  );
  return name;
}

describe.each(MODES)("choosing the language $name", (mode) => {
  it("a Spanish browser's first visit is in Spanish; the switch goes to English and back", async () => {
    const page = await app.newPage(mode, SPANISH);
    await page.goto("/signin");
    await page
      .getByRole("heading", { name: "Inicio de sesión de estudiantes / miembros de la comunidad" })
      .waitFor();
    await expect(htmlLang(page)).resolves.toBe("es");
    await page.getByRole("button", { name: "English" }).click();
    await page.getByRole("heading", { name: "Student / Community Member Login" }).waitFor();
    await expect(htmlLang(page)).resolves.toBe("en");
    expect(new URL(page.url()).pathname).toBe("/signin");
    if (mode.js) await page.getByText("This page is now in English.").waitFor();
    // Kept in a cookie: the next page is English too, whatever the browser asks for.
    await page.goto("/register-guest");
    await expect(htmlLang(page)).resolves.toBe("en");
    await page.getByRole("button", { name: "Español" }).click();
    await expect(htmlLang(page)).resolves.toBe("es");
    expect(new URL(page.url()).pathname).toBe("/register-guest");
    if (mode.js) await page.getByText("Esta página ahora está en español.").waitFor();
  });
});

describe.each(MODES)("a Spanish-speaking family $name", (mode) => {
  it("signs in, registers, pays by card and reads the receipt in Spanish", async () => {
    const course = await section(3000);
    const page = await app.newPage(mode, SPANISH);
    await page.goto("/signin");
    await page
      .getByLabel("Número de estudiante o de miembro de la comunidad")
      .fill(mode.js ? "100028" : "100029");
    await page.getByLabel("Fecha de nacimiento (MM/DD/AAAA)").fill("01/15/2012");
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await page.waitForURL((u) => !u.pathname.startsWith("/signin"));
    await page.goto(`/programs?search=${encodeURIComponent(course)}`);
    const card = page.getByRole("article", { name: course });
    await card.getByRole("button", { name: "Inscribirse" }).click();
    const dialog = page.getByRole("dialog", { name: "Opciones de pago" });
    await dialog.getByLabel("Agregar a mi carrito y pagar junto con las cuotas").check();
    await dialog.getByRole("button", { name: "Continuar" }).click();
    await page.waitForURL((u) => u.pathname === "/cart");
    await expect(htmlLang(page)).resolves.toBe("es");
    await page.getByLabel("Tarjeta en línea").check();
    if (mode.js) {
      await page.getByLabel("Número de tarjeta").fill("4242 4242 4242 4242");
      await page.getByRole("button", { name: "Pagar $30.00 ahora" }).click();
    } else {
      await page.getByRole("button", { name: "Pagar $30.00 ahora" }).click();
      await page.waitForURL(/\/simulator\/checkout\//);
      await page.getByLabel("Número de tarjeta").fill("4242 4242 4242 4242");
      await page.getByRole("button", { name: /^Pagar \$30\.00/ }).click();
    }
    if (mode.js) {
      // Registrations only: back to My Registrations, the course now registered.
      await page.waitForURL((u) => u.pathname === "/my-registrations");
      await page.getByRole("heading", { name: "Mis inscripciones" }).waitFor();
      const [paid] = await queryRows<{ id: number }>(
        db(),
        sql`select id from carts where status = 'PAID' order by paid_at desc limit 1`,
      );
      await page.goto(`/cart-receipt/${paid!.id}`);
    } else {
      await page.waitForURL((u) => u.pathname === "/payment-complete");
      await page.getByRole("heading", { name: "Pago completado" }).waitFor();
      await page.getByRole("link", { name: "Ver su recibo" }).click();
    }
    await page.getByText("Total pagado: $30.00").waitFor();
    // Signed in from a Spanish page: the record says Spanish, and so does the receipt's e-mail.
    const student = Number(mode.js ? "100028" : "100029");
    const mails = await queryRows<{ kind: string; subject: string; text_body: string }>(
      db(),
      sql`select kind, subject, text_body from mail_queue where participant_id = ${student}
          order by id`,
    );
    const receipt = mails.find((m) => m.kind === "receipt");
    expect(receipt?.text_body).toMatch(/^Hola/);
    expect(receipt?.text_body).toContain("$30.00");
    const [record] = await queryRows<{ language: string }>(
      db(),
      sql`select language from participants where id = ${student}`,
    );
    expect(record!.language).toBe("es");
    await expect(htmlLang(page)).resolves.toBe("es");
  });
});

describe("the choice on the family's record", () => {
  it("a signed-in family's switch keeps the language on their record, for their mail", async () => {
    const page = await app.newPage({ js: false });
    await signInFamily(page, "100023");
    const language = async () =>
      (
        await queryRows<{ language: string }>(
          db(),
          sql`select language from participants where id = 100023`,
        )
      )[0]!.language;
    expect(await language()).toBe("en");
    await page.goto("/fees");
    await page.getByRole("button", { name: "Español" }).click();
    await expect(htmlLang(page)).resolves.toBe("es");
    expect(new URL(page.url()).pathname).toBe("/fees");
    expect(await language()).toBe("es");
    await page.getByRole("button", { name: "English" }).click();
    expect(await language()).toBe("en");
  });
});

describe("staff pages", () => {
  it("stay English, with no language switch, whatever the browser asks for", async () => {
    const page = await app.newPage({ js: false }, SPANISH);
    await page.goto("/instructor/sign-in");
    await page.getByRole("heading", { name: "Instructor / Faculty Login" }).waitFor();
    await expect(htmlLang(page)).resolves.toBe("en");
    await expect(page.getByRole("button", { name: "English" }).count()).resolves.toBe(0);
  });
});

/** The English texts of the family's catalogue that Spanish pages must not show (decision 170). */
async function englishTexts(): Promise<{ key: string; pattern: RegExp }[]> {
  const areas = [
    "common",
    "programs",
    "fees",
    "payment-dialog",
    "fees-page",
    "receipts",
    "community",
    "household",
    "guest-receipts",
    "refunds-family",
  ];
  const out: { key: string; pattern: RegExp }[] = [];
  for (const area of areas) {
    const name = area.replace(/-(\w)/g, (_w, c: string) => c.toUpperCase());
    const en = ((await import(`../../domain/messages/en/${area}.ts`)) as Record<string, object>)[
      name
    ] as Record<string, string>;
    const es = ((await import(`../../domain/messages/es/${area}.ts`)) as Record<string, object>)[
      name
    ] as Record<string, string>;
    for (const [key, text] of Object.entries(en)) {
      // The district's own texts (its settings) are content it writes, not the catalogue's.
      if (key.startsWith("settings.default.") || text === es[key] || text.includes(", plural,")) {
        continue;
      }
      const pieces = text.split(/\{\w+\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
      // A text with arguments is looked for by its own words: at least a few of them, so that
      // "{name} only" does not match a fee's name.
      const words = pieces.join("").trim().length;
      if (words < (pieces.length > 1 ? 12 : 4)) continue;
      out.push({ key, pattern: new RegExp(`^${pieces.join(".+?")}$`, "s") });
    }
  }
  return out;
}

/** Every text a person meets on the page: text nodes, accessible names, placeholders, title. */
function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (parent && (parent.closest("script, style") || parent.closest("[lang='en']"))) continue;
      out.push(n.textContent ?? "");
    }
    for (const el of document.querySelectorAll("[aria-label], [placeholder], [title]")) {
      if (el.closest("[lang='en']")) continue;
      for (const a of ["aria-label", "placeholder", "title"]) {
        const v = el.getAttribute(a);
        if (v) out.push(v);
      }
    }
    return out.map((t) => t.replace(/\s+/g, " ").trim()).filter((t) => t.length > 0);
  });
}

describe("no English catalogue text on a Spanish family page", () => {
  it("every family page, signed out and in", async () => {
    const english = await englishTexts();
    const course = await section(2500);
    const page = await app.newPage({ js: false }, SPANISH);
    const found: string[] = [];
    const check = async (path: string) => {
      const res = await page.goto(path);
      expect(res?.ok() || res?.status() === 404, `${path}: ${res?.status()}`).toBe(true);
      await expect(htmlLang(page)).resolves.toBe("es");
      for (const text of await pageTexts(page)) {
        const hit = english.find((e) => e.pattern.test(text));
        if (hit) found.push(`${path}: ${hit.key} "${text.slice(0, 80)}"`);
      }
    };
    for (const path of [
      "/",
      "/?persona=student",
      "/signin",
      "/register-guest",
      "/register-community-member",
      "/guest-receipts",
      "/no-such-page",
    ]) {
      await check(path);
    }
    await page.getByRole("button", { name: "English" }).waitFor();
    await page.goto("/signin");
    await page.getByLabel("Número de estudiante o de miembro de la comunidad").fill("100011");
    await page.getByLabel("Fecha de nacimiento (MM/DD/AAAA)").fill("01/15/2012");
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await page.waitForURL((u) => !u.pathname.startsWith("/signin"));
    await page.goto(`/programs?search=${encodeURIComponent(course)}`);
    await page
      .getByRole("article", { name: course })
      .getByRole("button", { name: "Inscribirse" })
      .click();
    await page.getByRole("dialog", { name: "Opciones de pago" }).waitFor();
    await check(page.url().replace(app.url, ""));
    for (const path of [
      "/programs",
      "/my-registrations",
      "/fees",
      "/fees?tab=assessed",
      "/fees?tab=optional",
      "/fees?tab=purchased",
      "/cart",
      "/edit-profile",
      "/household/add",
      "/instructions",
    ]) {
      await check(path);
    }
    expect(found).toEqual([]);
  });
});

describe("accessibility in Spanish", () => {
  it("the family's pages pass axe, the language switch included", async () => {
    const course = await section(1800);
    const page = await app.newPage({ js: true }, SPANISH);
    const problems: { path: string; problems: unknown[] }[] = [];
    const check = async (path: string) => {
      if (path) await page.goto(path);
      await expect(htmlLang(page)).resolves.toBe("es");
      const found = await seriousViolations(page);
      if (found.length) problems.push({ path: path || page.url(), problems: found });
    };
    for (const path of ["/", "/signin", "/register-community-member", "/register-guest"]) {
      await check(path);
    }
    await page.goto("/signin");
    await page.getByLabel("Número de estudiante o de miembro de la comunidad").fill("100024");
    await page.getByLabel("Fecha de nacimiento (MM/DD/AAAA)").fill("01/15/2012");
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await page.waitForURL((u) => !u.pathname.startsWith("/signin"));
    for (const path of ["/programs", "/my-registrations", "/fees", "/cart", "/household/add"]) {
      await check(path);
    }
    await page.goto(`/programs?search=${encodeURIComponent(course)}`);
    await page
      .getByRole("article", { name: course })
      .getByRole("button", { name: "Inscribirse" })
      .click();
    await page.getByRole("dialog", { name: "Opciones de pago" }).waitFor();
    await check("");
    expect(problems).toEqual([]);
  });
});
