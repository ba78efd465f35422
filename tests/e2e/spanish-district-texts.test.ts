// The district's own texts in Spanish as families meet them (decision 172), with
// JavaScript and without: an administrator writes Spanish versions through the district API; a
// Spanish-speaking family then reads the Spanish sign-in message, a course's Spanish name (its
// heading without lang="en", an untranslated one's with it), its Spanish description and program
// in the details dialog, a question and its answers in Spanish (the answer kept is the English
// one), the Spanish name in the cart, on the receipt and in the receipt's e-mail, and a fee's
// Spanish name and description; the same pages in English show none of the Spanish.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { MODES, startTestApp, type Mode, type TestApp } from "../support/browser";
import { call } from "../support/api";
import { seriousViolations } from "../support/a11y";
import { queryRows } from "../../district-api/db/client";

let app: TestApp;
const db = () => app.server.api!.deps.db;
const SPANISH = { locale: "es-MX" };

/** The district's English texts and the Spanish versions its administrator writes. */
const EN = {
  logIn: "Sign in with your student or community member ID number and birth date.",
  program: "Language Arts Week 2027",
  course: "Puppet Theater Workshop",
  description: "Make puppets from recycled materials and put on a show for families.",
  plain: "Kite Building",
  plainDescription: "Build a kite from paper and sticks and fly it on the field.",
  question: "Which snack would you like each day?",
  answers: ["Apples", "Crackers", "Carrots"],
  fee: "Field Day Shirt",
  feeDescription: "A cotton shirt for the spring field day.",
};
const ES = {
  logIn:
    "Escriba el número de identificación y la fecha de nacimiento de su estudiante para entrar.",
  program: "Semana de artes del lenguaje 2027",
  course: "Taller de teatro de títeres",
  description: "Hagan títeres con materiales reciclados y presenten una función para las familias.",
  question: "¿Qué merienda prefiere cada día?",
  answers: ["Manzanas", "Galletas", "Zanahorias"],
  fee: "Camiseta del día deportivo",
  feeDescription: "Una camiseta de algodón para el día deportivo de primavera.",
};
/** Every Spanish text written: none may show on a page in English. */
const SPANISH_TEXTS = [
  ES.logIn,
  ES.program,
  ES.course,
  ES.description,
  ES.question,
  ...ES.answers,
  ES.fee,
  ES.feeDescription,
];

let programId = "";
let sectionId = "";
let questionId = 0;

/** Writes one Spanish version as an administrator, through PUT /v1/admin/district-texts. */
async function writeSpanish(
  token: string,
  entity: string,
  entityId: string | number,
  field: string,
  spanish: string,
) {
  const r = await call({ baseUrl: app.url }, "PUT", "/v1/admin/district-texts", {
    token,
    body: { entity, entityId: String(entityId), field, spanish },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.state).toBe("done");
}

beforeAll(async () => {
  app = await startTestApp();
  // A program with a translated course (a paid section asking a Value List question) and an
  // untranslated one, and an optional fee.
  const [p] = await queryRows<{ id: string }>(
    db(),
    sql`insert into programs (name, open) values (${EN.program}, true) returning id`,
  );
  programId = p!.id;
  const [c] = await queryRows<{ id: string }>(
    db(),
    sql`insert into courses (subject, course_number, name, description)
        values ('LAW', '110', ${EN.course}, ${EN.description}) returning id`,
  );
  const [plain] = await queryRows<{ id: string }>(
    db(),
    sql`insert into courses (subject, course_number, name, description)
        values ('LAW', '120', ${EN.plain}, ${EN.plainDescription}) returning id`,
  );
  const [s] = await queryRows<{ id: string }>(
    db(),
    sql`insert into course_sections (program_id, course_id, section_number, term_id, term, capacity,
          date_start, date_end, cost_cents)
        values (${programId}, ${c!.id}, '1', 'T1', 'Fall', 20, '2027-01-10', '2027-03-10', 2500)
        returning id`,
  );
  sectionId = s!.id;
  await db().execute(
    sql`insert into course_sections (program_id, course_id, section_number, term_id, term, capacity,
          date_start, date_end, cost_cents)
        values (${programId}, ${plain!.id}, '1', 'T1', 'Fall', 20, '2027-01-10', '2027-03-10', 0)`,
  );
  const [q] = await queryRows<{ id: number }>(
    db(),
    sql`insert into course_questions (course_section_id, question, response_type, answer_list,
          sort_order)
        values (${sectionId}, ${EN.question}, 'Value List',
          ${`{${EN.answers.join(",")}}`}::text[], 1)
        returning id`,
  );
  questionId = Number(q!.id);
  const [f] = await queryRows<{ id: number }>(
    db(),
    sql`insert into fees (name, description, amount_cents, fee_type, allow_student)
        values (${EN.fee}, ${`<p>${EN.feeDescription}</p>`}, 1200, 'Optional', true) returning id`,
  );

  const login = await call({ baseUrl: app.url }, "POST", "/v1/instructor", {
    body: { username: "admin", password: "admin-demo" },
  });
  expect(login.status).toBe(200);
  const token = login.body.accessToken as string;
  await writeSpanish(token, "setting", 1, "logInMessage", ES.logIn);
  await writeSpanish(token, "program", programId, "name", ES.program);
  await writeSpanish(token, "course", c!.id, "name", ES.course);
  await writeSpanish(token, "course", c!.id, "description", ES.description);
  await writeSpanish(token, "question", questionId, "question", ES.question);
  await writeSpanish(token, "question", questionId, "answers", ES.answers.join("\n"));
  await writeSpanish(token, "fee", f!.id, "name", ES.fee);
  await writeSpanish(token, "fee", f!.id, "description", ES.feeDescription);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

const lang = (l: Locator) => l.getAttribute("lang");

/** No Spanish version is anywhere in the page, its loader data included. */
async function expectNoSpanish(page: Page) {
  const html = await page.content();
  expect(SPANISH_TEXTS.filter((s) => html.includes(s))).toEqual([]);
}

/** The activity card of a course by its heading. */
const card = (page: Page, name: string) => page.getByRole("article", { name, exact: true });

async function signInSpanish(page: Page, studentId: string) {
  await page.goto("/signin");
  await page.getByLabel("Número de estudiante o de miembro de la comunidad").fill(studentId);
  await page.getByLabel("Fecha de nacimiento (MM/DD/AAAA)").fill("01/15/2012");
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/signin"));
}

/** Pays the open cart's $25.00 by card with the payment simulator, in Spanish; the paid cart. */
async function payByCard(page: Page, mode: Mode, studentId: string): Promise<number> {
  await page.getByLabel("Tarjeta en línea").check();
  if (mode.js) {
    await page.getByLabel("Número de tarjeta").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pagar $25.00 ahora" }).click();
  } else {
    await page.getByRole("button", { name: "Pagar $25.00 ahora" }).click();
    await page.waitForURL(/\/simulator\/checkout\//);
    await page.getByLabel("Número de tarjeta").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: /^Pagar \$25\.00/ }).click();
  }
  await page.waitForURL((u) =>
    mode.js ? u.pathname === "/my-registrations" : u.pathname === "/payment-complete",
  );
  const [paid] = await queryRows<{ id: number }>(
    db(),
    sql`select c.id from carts c join cart_items i on i.cart_id = c.id
        join registrations r on r.id = i.registration_id
        where r.participant_id = ${Number(studentId)} and r.course_section_id = ${sectionId}
          and c.status = 'PAID'`,
  );
  if (mode.js) {
    // Registrations only: back to My Registrations; the receipt is reached by its address.
    await page.goto(`/cart-receipt/${paid!.id}`);
  } else {
    await page.getByRole("link", { name: "Ver su recibo" }).click();
    await page.waitForURL(`**/cart-receipt/${paid!.id}`);
  }
  return paid!.id;
}

describe.each(MODES)("the district's texts in Spanish $name", (mode) => {
  const spanishFamily = mode.js ? "100031" : "100032";
  const englishFamily = mode.js ? "100033" : "100034";

  it("a Spanish-speaking family reads them from sign-in to the receipt and its e-mail", async () => {
    const page = await app.newPage(mode, SPANISH);
    await page.goto("/signin");
    const message = page.getByText(ES.logIn, { exact: true });
    await expect(lang(message)).resolves.toBeNull();
    await expect(page.getByText(EN.logIn).count()).resolves.toBe(0);
    await signInSpanish(page, spanishFamily);

    // The list: the translated course's heading is Spanish; the other one is English, marked so.
    await page.goto(`/programs?program=${programId}`);
    const translated = card(page, ES.course);
    await expect(lang(translated.getByRole("heading", { name: ES.course }))).resolves.toBeNull();
    await expect(lang(translated.getByText(ES.program, { exact: true }))).resolves.toBeNull();
    const untranslated = card(page, EN.plain);
    await expect(lang(untranslated.getByRole("heading", { name: EN.plain }))).resolves.toBe("en");
    await expect(page.getByText(EN.course).count()).resolves.toBe(0);

    // The details dialog: the Spanish description and program.
    await translated.getByRole("link", { name: `Detalles ${ES.course}` }).click();
    const details = page.getByRole("dialog", { name: `Detalles de ${ES.course}` });
    await expect(lang(details.getByText(ES.description, { exact: true }))).resolves.toBeNull();
    await expect(lang(details.getByText(ES.program, { exact: true }))).resolves.toBeNull();
    await expect(details.getByText(EN.description).count()).resolves.toBe(0);
    // The untranslated course's description is its English, marked so.
    await page.goto(`/programs?program=${programId}`);
    await untranslated.getByRole("link", { name: `Detalles ${EN.plain}` }).click();
    const plainDetails = page.getByRole("dialog", { name: `Detalles de ${EN.plain}` });
    await expect(lang(plainDetails.getByText(EN.plainDescription, { exact: true }))).resolves.toBe(
      "en",
    );
    await page.goto(`/programs?program=${programId}`);

    // The question and its answers in Spanish; the choice's value stays the English answer.
    await card(page, ES.course).getByRole("link", { name: "Inscribirse" }).click();
    const questions = page.getByRole("dialog", { name: "Preguntas del curso" });
    const group = questions.getByRole("group", { name: ES.question });
    await expect(lang(group.locator("legend span"))).resolves.toBeNull();
    for (const [i, answer] of ES.answers.entries()) {
      const radio = group.getByRole("radio", { name: answer, exact: true });
      await expect(radio.getAttribute("value")).resolves.toBe(EN.answers[i]);
      await expect(lang(group.getByText(answer, { exact: true }))).resolves.toBeNull();
    }
    await expect(questions.getByText(EN.question).count()).resolves.toBe(0);
    for (const answer of EN.answers) {
      await expect(questions.getByText(answer, { exact: true }).count()).resolves.toBe(0);
    }
    await group.getByRole("radio", { name: "Galletas" }).check();
    await questions.getByRole("button", { name: "Enviar" }).click();

    // Registered, with the English answer kept.
    const choice = page.getByRole("dialog", { name: "Opciones de pago" });
    await choice.getByLabel("Agregar a mi carrito y pagar junto con las cuotas").check();
    const [registration] = await queryRows<{ answers: unknown }>(
      db(),
      sql`select answers from registrations
          where participant_id = ${Number(spanishFamily)} and course_section_id = ${sectionId}`,
    );
    expect(registration!.answers).toEqual([
      expect.objectContaining({ questionId, question: EN.question, answer: "Crackers" }),
    ]);
    await choice.getByRole("button", { name: "Continuar" }).click();

    // The cart names the course in Spanish.
    await page.waitForURL((u) => u.pathname === "/cart");
    const line = page.getByRole("table").getByText(ES.course, { exact: true });
    await expect(lang(line)).resolves.toBeNull();
    await expect(page.getByText(EN.course).count()).resolves.toBe(0);

    // Paid by card: the receipt names it in Spanish, and so does its e-mail.
    const cartId = await payByCard(page, mode, spanishFamily);
    await page.getByText("Total pagado: $25.00").waitFor();
    const item = page.getByRole("article", { name: ES.course });
    await expect(lang(item.getByRole("heading", { name: ES.course }))).resolves.toBeNull();
    await expect(page.getByText(EN.course).count()).resolves.toBe(0);
    const [record] = await queryRows<{ language: string }>(
      db(),
      sql`select language from participants where id = ${Number(spanishFamily)}`,
    );
    expect(record!.language).toBe("es");
    // One receipt to each of the family's addresses, every one naming the course in Spanish.
    const mails = await queryRows<{ to_address: string; subject: string; text_body: string }>(
      db(),
      sql`select to_address, subject, text_body from mail_queue
          where participant_id = ${Number(spanishFamily)} and kind = 'receipt'
            and cart_id = ${cartId}`,
    );
    expect(mails.map((m) => m.to_address).sort()).toEqual([
      `parent${spanishFamily}@example.org`,
      `student${spanishFamily}@example.org`,
    ]);
    for (const mail of mails) {
      expect(mail.text_body).toMatch(/^Hola/);
      expect(mail.text_body).toContain(ES.course);
      expect(`${mail.subject}\n${mail.text_body}`).not.toContain(EN.course);
    }

    // The same receipt in English names the course in English, with no Spanish left.
    await page.getByRole("button", { name: "English" }).click();
    await page.waitForURL((u) => u.pathname === `/cart-receipt/${cartId}`);
    await expect(page.locator("html").getAttribute("lang")).resolves.toBe("en");
    const english = page.getByRole("article", { name: EN.course });
    await expect(lang(english.getByRole("heading", { name: EN.course }))).resolves.toBeNull();
    await expectNoSpanish(page);
  });

  it("a fee's Spanish name and description on /fees; an untranslated fee's English is marked", async () => {
    const page = await app.newPage(mode, SPANISH);
    await signInSpanish(page, spanishFamily);
    await page.goto("/fees?tab=optional");
    const fee = page.getByRole("article", { name: ES.fee });
    await expect(lang(fee.getByRole("heading", { name: ES.fee }))).resolves.toBeNull();
    await expect(lang(fee.getByText(ES.feeDescription, { exact: true }))).resolves.toBeNull();
    await expect(page.getByText(EN.fee).count()).resolves.toBe(0);
    await expect(page.getByText(EN.feeDescription).count()).resolves.toBe(0);
    const yearbook = page.getByRole("article", { name: "Yearbook" });
    await expect(lang(yearbook.getByRole("heading", { name: "Yearbook" }))).resolves.toBe("en");
  });

  it("the same pages in English show only the English texts", async () => {
    const page = await app.newPage(mode);
    await page.goto("/signin");
    await expectNoSpanish(page);
    await expect(lang(page.getByText(EN.logIn, { exact: true }))).resolves.toBeNull();
    await page.getByLabel("Student or Community Member ID Number").fill(englishFamily);
    await page.getByLabel("Birth Date (MM/DD/YYYY)").fill("01/15/2012");
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL((u) => !u.pathname.startsWith("/signin"));

    await page.goto(`/programs?program=${programId}`);
    await expectNoSpanish(page);
    const course = card(page, EN.course);
    await expect(lang(course.getByRole("heading", { name: EN.course }))).resolves.toBeNull();
    await expect(lang(card(page, EN.plain).getByRole("heading"))).resolves.toBeNull();
    await course.getByRole("link", { name: `Details ${EN.course}` }).click();
    const details = page.getByRole("dialog", { name: `Details of ${EN.course}` });
    await details.getByText(EN.description, { exact: true }).waitFor();
    await details.getByText(EN.program, { exact: true }).waitFor();
    await expectNoSpanish(page);

    await page.goto(`/programs?program=${programId}`);
    await card(page, EN.course).getByRole("link", { name: "Register" }).click();
    const questions = page.getByRole("dialog", { name: "Course Questions" });
    const group = questions.getByRole("group", { name: EN.question });
    for (const answer of EN.answers) {
      await expect(
        group.getByRole("radio", { name: answer, exact: true }).getAttribute("value"),
      ).resolves.toBe(answer);
    }
    await expectNoSpanish(page);
    await group.getByRole("radio", { name: "Carrots" }).check();
    await questions.getByRole("button", { name: "Submit" }).click();
    const choice = page.getByRole("dialog", { name: "Payment Options" });
    await choice.getByLabel("Add to my cart, to pay together with fees").check();
    await choice.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL((u) => u.pathname === "/cart");
    await expect(
      lang(page.getByRole("table").getByText(EN.course, { exact: true })),
    ).resolves.toBeNull();
    await expectNoSpanish(page);

    await page.goto("/fees?tab=optional");
    await expectNoSpanish(page);
    const fee = page.getByRole("article", { name: EN.fee });
    await expect(lang(fee.getByRole("heading", { name: EN.fee }))).resolves.toBeNull();
    await fee.getByText(EN.feeDescription, { exact: true }).waitFor();
  });
});

describe("accessibility of the district's texts in Spanish", () => {
  it("the Spanish programs page, its details and questions dialogs pass axe", async () => {
    const problems: { mode: string; path: string; problems: unknown[] }[] = [];
    for (const mode of MODES) {
      // axe runs inside the page: "without JavaScript" is a browser whose requests for the app's
      // scripts fail (as in a11y-pages.test.ts).
      const ctx = await app.newContext({ js: true }, SPANISH);
      if (!mode.js) await ctx.route(/\/build\/.*\.js(\?.*)?$/, (route) => route.abort());
      const page = await ctx.newPage();
      await signInSpanish(page, mode.js ? "100035" : "100036");
      await page.goto(`/programs?program=${programId}`);
      await card(page, ES.course).waitFor();
      const paths = [
        `/programs?program=${programId}`,
        `/programs?program=${programId}&detail=${sectionId}`,
        `/programs/questions/${sectionId}?intent=register&back=${encodeURIComponent(`/programs?program=${programId}`)}`,
      ];
      for (const path of paths) {
        await page.goto(path);
        await expect(page.locator("html").getAttribute("lang")).resolves.toBe("es");
        await page.getByText(ES.course).first().waitFor();
        const found = await seriousViolations(page);
        if (found.length) problems.push({ mode: mode.name, path, problems: found });
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
