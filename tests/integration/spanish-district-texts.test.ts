// The district's texts in Spanish in families' replies (decision 172): a reply asked
// for in Spanish gives the district's Spanish version of each text it wrote one for, names those in
// the row's `spanish` list, and keeps its English for the others; a reply in English is the
// English, with no `spanish` list. A question's Spanish answers are labels: the answer sent and
// kept is the English one. The program list's catalogue, kept in memory, follows a new version at
// once (on another process too, on PostgreSQL), and the family's mail names the course in Spanish.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { call, staffToken, startTestApi, studentToken, type TestApi } from "../support/api";
import { queryRows } from "../../district-api/db/client";
import type { Course, Program } from "@domain/contract/programs";
import type { Fee } from "@domain/contract/fees";

let api: TestApi;
let admin: string;
beforeAll(async () => {
  api = await startTestApi();
  admin = await staffToken(api, "admin");
});
afterAll(async () => {
  await api?.close();
});

const db = () => api.runtime.deps.db;
const SPANISH = { "accept-language": "es-US,es;q=0.9" };

async function translate(
  entity: string,
  entityId: string | number,
  field: string,
  spanish: string,
) {
  const r = await call(api, "PUT", "/v1/admin/district-texts", {
    token: admin,
    body: { entity, entityId: String(entityId), field, spanish },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

interface Made {
  program: string;
  course: string;
  section: string;
  question: number;
  courseName: string;
}

/** A program with one free course whose section asks one Value List question. */
async function makeCourse(): Promise<Made> {
  const tag = randomBytes(3).toString("hex");
  const [p] = await queryRows<{ id: string }>(
    db(),
    sql`insert into programs (name, open) values (${`Summer Arts ${tag}`}, true) returning id`,
  );
  const courseName = `Drawing ${tag}`;
  const [c] = await queryRows<{ id: string }>(
    db(),
    sql`insert into courses (subject, course_number, name, description)
        values ('ART', ${`1${tag}`}, ${courseName}, 'Pencils and paper.') returning id`,
  );
  const [s] = await queryRows<{ id: string }>(
    db(),
    sql`insert into course_sections (program_id, course_id, section_number, term_id, term, capacity,
          date_start, date_end, cost_cents, notes)
        values (${p!.id}, ${c!.id}, '1', 'T1', 'Fall', 10, '2027-01-10', '2027-03-10', 0,
          'Bring a sketchbook.')
        returning id`,
  );
  const [q] = await queryRows<{ id: number }>(
    db(),
    sql`insert into course_questions (course_section_id, question, response_type, answer_list,
          sort_order)
        values (${s!.id}, 'T-shirt size', 'Value List', array['Small', 'Large'], 1) returning id`,
  );
  return { program: p!.id, course: c!.id, section: s!.id, question: q!.id, courseName };
}

async function listed(token: string, sectionId: string, headers?: Record<string, string>) {
  const r = await call<Program[]>(api, "GET", "/v1/program", { token, headers });
  expect(r.status).toBe(200);
  for (const p of r.body) {
    const course = p.courses.find((c) => c.courseSelectionUUID === sectionId);
    if (course) return { program: p, course };
  }
  throw new Error(`section ${sectionId} not listed`);
}

describe("the program list", () => {
  it("gives the Spanish versions in Spanish, names them, and stays English otherwise", async () => {
    const made = await makeCourse();
    const token = await studentToken(api, "100030");
    // Before any Spanish: a Spanish reply is the district's English, with nothing marked.
    const before = await listed(token, made.section, SPANISH);
    expect(before.course.name).toBe(made.courseName);
    expect(before.course.spanish).toBeUndefined();

    await translate("program", made.program, "name", "Artes de verano");
    await translate("course", made.course, "name", "Dibujo");
    await translate("course", made.course, "description", "Lápices y papel.");
    await translate("section", made.section, "notes", "Traiga un cuaderno de dibujo.");
    await translate("question", made.question, "question", "Talla de camiseta");
    await translate("question", made.question, "answers", "Chica\nGrande");

    // The catalogue held in memory follows at once (its version changed with the texts).
    const es = await listed(token, made.section, SPANISH);
    expect(es.program.name).toBe("Artes de verano");
    expect(es.program.spanish).toEqual(["name"]);
    expect(es.course).toMatchObject<Partial<Course>>({
      programName: "Artes de verano",
      name: "Dibujo",
      description: "Lápices y papel.",
      notes: "Traiga un cuaderno de dibujo.",
    });
    expect([...(es.course.spanish ?? [])].sort()).toEqual(
      ["description", "name", "notes", "programName"].sort(),
    );
    const [question] = es.course.courseQuestions;
    expect(question).toMatchObject({
      question: "Talla de camiseta",
      answerList: ["Small", "Large"],
      answerLabels: ["Chica", "Grande"],
      spanish: ["question", "answerList"],
    });

    // The same list in English: the English, nothing marked, no labels.
    const en = await listed(token, made.section);
    expect(en.program.name).toBe(made.courseName.replace("Drawing", "Summer Arts"));
    expect(en.program.spanish).toBeUndefined();
    expect(en.course.name).toBe(made.courseName);
    expect(en.course.spanish).toBeUndefined();
    expect(en.course.courseQuestions[0]).not.toHaveProperty("answerLabels");
    expect(en.course.courseQuestions[0]!.question).toBe("T-shirt size");
  });

  it("takes the English answer in Spanish and keeps it English", async () => {
    const made = await makeCourse();
    await translate("question", made.question, "answers", "Chica\nGrande");
    const token = await studentToken(api, "100031");
    const r = await call(api, "POST", `/v1/register/${made.section}`, {
      token,
      headers: SPANISH,
      body: {
        activeCourse: { courseQuestions: [{ id: made.question, userSubmittedAnswer: "Large" }] },
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [reg] = await queryRows<{ answers: { question: string; answer: string }[] }>(
      db(),
      sql`select answers from registrations where course_section_id = ${made.section}`,
    );
    expect(reg!.answers[0]).toMatchObject({ question: "T-shirt size", answer: "Large" });
    // A Spanish label is not an answer.
    const other = await makeCourse();
    await translate("question", other.question, "answers", "Chica\nGrande");
    const refused = await call(api, "POST", `/v1/register/${other.section}`, {
      token,
      headers: SPANISH,
      body: {
        activeCourse: { courseQuestions: [{ id: other.question, userSubmittedAnswer: "Grande" }] },
      },
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
  });

  it("a removed version gives the English back", async () => {
    const made = await makeCourse();
    const token = await studentToken(api, "100032");
    await translate("course", made.course, "name", "Dibujo");
    expect((await listed(token, made.section, SPANISH)).course.name).toBe("Dibujo");
    await translate("course", made.course, "name", "");
    const after = await listed(token, made.section, SPANISH);
    expect(after.course.name).toBe(made.courseName);
    expect(after.course.spanish).toBeUndefined();
  });

  it("the program's own cancellation message, else the district's default, in Spanish", async () => {
    const made = await makeCourse();
    const token = await studentToken(api, "100033");
    await translate("setting", 1, "programCancellationMessage", "Mensaje del distrito.");
    const fallback = await listed(token, made.section, SPANISH);
    expect(fallback.course.programCancellationMessage).toBe("Mensaje del distrito.");
    expect(fallback.course.spanish).toContain("programCancellationMessage");
    await queryRows(
      db(),
      sql`update programs set cancellation_message = 'Call us to cancel.' where id = ${made.program}`,
    );
    const own = await listed(token, made.section, SPANISH);
    // The program's own English message stands until it has a Spanish version of its own.
    expect(own.course.programCancellationMessage).toBe("Call us to cancel.");
    expect(own.course.spanish ?? []).not.toContain("programCancellationMessage");
    await translate("program", made.program, "cancellationMessage", "Llámenos para cancelar.");
    const ownEs = await listed(token, made.section, SPANISH);
    expect(ownEs.course.programCancellationMessage).toBe("Llámenos para cancelar.");
    expect(ownEs.course.spanish).toContain("programCancellationMessage");
  });
});

describe("the settings texts", () => {
  it("are in Spanish where written, named in `spanish`; English otherwise", async () => {
    await translate("setting", 1, "logInMessage", "Inicie sesión con su número.");
    await translate("setting", 1, "homeMessage", "La inscripción está abierta.");
    const es = await call(api, "GET", "/v1/settings", { headers: SPANISH });
    expect(es.body.logInMessage).toBe("Inicie sesión con su número.");
    expect(es.body.homeMessage.message).toBe("La inscripción está abierta.");
    expect(es.body.spanish).toEqual(expect.arrayContaining(["logInMessage", "homeMessage"]));
    expect(es.body.spanish).not.toContain("guestLogInMessage");
    const en = await call(api, "GET", "/v1/settings");
    expect(en.body.logInMessage).not.toBe("Inicie sesión con su número.");
    expect(en.body).not.toHaveProperty("spanish");
    // The administration reads the English.
    const mine = await call(api, "GET", "/v1/admin/settings", { token: admin, headers: SPANISH });
    expect(mine.body.logInMessage).toBe(en.body.logInMessage);
  });
});

describe("fees, the cart and the receipt", () => {
  it("name a fee in Spanish; what is kept stays English", async () => {
    const [fee] = await queryRows<{ id: number; name: string; question: number | null }>(
      db(),
      sql`select f.id, f.name, (select q.id from course_questions q where q.fee_id = f.id
            and q.response_type = 'Value List' order by q.id limit 1) as question
          from fees f where f.active and f.allow_student and f.fee_type = 'Optional'
            and not f.is_donation and f.amount_cents > 0
          order by f.id limit 1`,
    );
    expect(fee, "a fee a student may buy").toBeTruthy();
    await translate("fee", fee!.id, "name", "Cuota de prueba");
    await translate("fee", fee!.id, "description", "Una cuota para probar.");
    const token = await studentToken(api, "100034");
    const fees = await call<Fee[]>(api, "GET", "/v1/fees", { token, headers: SPANISH });
    expect(fees.status).toBe(200);
    const es = fees.body.find((f) => f.id === Number(fee!.id))!;
    expect(es).toMatchObject({ name: "Cuota de prueba", description: "Una cuota para probar." });
    expect(es.spanish).toEqual(["name", "description"]);
    const en = (await call<Fee[]>(api, "GET", "/v1/fees", { token })).body.find(
      (f) => f.id === Number(fee!.id),
    )!;
    expect(en.name).toBe(fee!.name);
    expect(en).not.toHaveProperty("spanish");

    // Bought in Spanish: the question kept with the answer is the English one.
    const questions = es.courseQuestions.map((q) => ({
      questionID: q.id,
      answer:
        q.responseType === "Value List"
          ? q.answerList[0]!
          : q.responseType === "Waiver"
            ? "Acepto"
            : "ok",
    }));
    const add = await call(api, "PUT", "/v1/fees/add-to-cart", {
      token,
      headers: SPANISH,
      body: { feeId: Number(fee!.id), quantity: 1, courseQuestions: questions },
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const cart = await call(api, "GET", "/v1/cart", { token, headers: SPANISH });
    const line = cart.body.cartItems.find((i: { feeId: number }) => i.feeId === Number(fee!.id));
    expect(line).toMatchObject({ name: "Cuota de prueba", spanish: ["name", "description"] });
    const english = await call(api, "GET", "/v1/cart", { token });
    const englishLine = english.body.cartItems.find(
      (i: { feeId: number }) => i.feeId === Number(fee!.id),
    );
    expect(englishLine.name).toBe(fee!.name);
    expect(englishLine).not.toHaveProperty("spanish");
    if (fee!.question !== null) {
      const [kept] = await queryRows<{ answers: { question: string }[] }>(
        db(),
        sql`select answers from cart_items where fee_id = ${fee!.id} order by id desc limit 1`,
      );
      const [asked] = await queryRows<{ question: string }>(
        db(),
        sql`select question from course_questions where id = ${fee!.question}`,
      );
      expect(kept!.answers.map((a) => a.question)).toContain(asked!.question);
    }
  });
});

describe("the family's mail", () => {
  it("names the course in Spanish for a Spanish reader, in English for an English one", async () => {
    const made = await makeCourse();
    await translate("course", made.course, "name", "Dibujo");
    const spanishReader = await studentToken(api, "100035");
    await call(api, "PUT", "/v1/participant/language", {
      token: spanishReader,
      body: { language: "es" },
    });
    const englishReader = await studentToken(api, "100036");
    const answers = {
      activeCourse: { courseQuestions: [{ id: made.question, userSubmittedAnswer: "Small" }] },
    };
    for (const token of [spanishReader, englishReader]) {
      const r = await call(api, "POST", `/v1/register/${made.section}`, { token, body: answers });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    // Each address on file gets one (the family's own, a custodian's).
    const mail = await queryRows<{ participant_id: number; text_body: string }>(
      db(),
      sql`select m.participant_id, m.text_body from mail_queue m
          join registrations r on r.id = m.registration_id
          where m.kind = 'registration' and r.course_section_id = ${made.section}
          order by m.id`,
    );
    const spanishMail = mail.filter((m) => Number(m.participant_id) === 100035);
    const englishMail = mail.filter((m) => Number(m.participant_id) === 100036);
    expect(spanishMail.length).toBeGreaterThan(0);
    expect(englishMail.length).toBeGreaterThan(0);
    for (const m of spanishMail) {
      expect(m.text_body).toContain("Dibujo");
      expect(m.text_body).not.toContain(made.courseName);
    }
    for (const m of englishMail) {
      expect(m.text_body).toContain(made.courseName);
      expect(m.text_body).not.toContain("Dibujo");
    }
  });
});
