// A family's language (decisions 170 and 171): the district API answers in the language a request
// asks for; a student or member keeps their chosen language on their record (their own sign-in
// only); the mail the district sends them follows the record, whoever's request sends it, while
// what is kept as data stays English.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import {
  call,
  guestToken,
  staffToken,
  startTestApi,
  studentToken,
  type TestApi,
} from "../support/api";
import { queryRows } from "../../district-api/db/client";
import { DEV_DESKTOP_CLIENT_KEY } from "../../district-api/services/cashier";
import { REASON_TIMEOUT } from "@domain/rules/cancel-reasons";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const db = () => api.runtime.deps.db;
const setLanguage = (token: string, body: unknown) =>
  call(api, "PUT", "/v1/participant/language", { token, body });

async function recordLanguage(id: number): Promise<string> {
  const [row] = await queryRows<{ language: string }>(
    db(),
    sql`select language from participants where id = ${id}`,
  );
  return row!.language;
}

/** A section with `capacity` seats costing `cents`. */
async function section(cents: number, capacity = 10): Promise<string> {
  const [p] = await queryRows<{ id: string }>(
    db(),
    sql`insert into programs (name, open) values ('Idiomas', true) returning id`,
  );
  const [c] = await queryRows<{ id: string }>(
    db(),
    sql`insert into courses (subject, course_number, name)
        values ('LAN', '101', ${`Coro ${randomBytes(3).toString("hex")}`}) returning id`,
  );
  const [s] = await queryRows<{ id: string }>(
    db(),
    sql`insert into course_sections (program_id, course_id, section_number, term_id, term, capacity,
          date_start, date_end, cost_cents)
        values (${p!.id}, ${c!.id}, '1', 'T1', 'Fall', ${capacity}, '2027-01-10', '2027-03-10', ${cents})
        returning id`,
  );
  return s!.id;
}

async function mailTo(participantId: number, kind: string) {
  return queryRows<{ subject: string; text_body: string }>(
    db(),
    sql`select subject, text_body from mail_queue
        where participant_id = ${participantId} and kind = ${kind} order by id`,
  );
}

describe("the language on a family's record", () => {
  it("a student's and a member's own sign-in set it; a guest, staff and a register are refused, writing nothing", async () => {
    const student = await studentToken(api, "100016");
    expect((await setLanguage(student, { language: "es" })).body).toEqual({ language: "es" });
    expect(await recordLanguage(100016)).toBe("es");
    const member = await studentToken(api, "200001", "1980-03-02");
    expect((await setLanguage(member, { language: "es" })).status).toBe(200);
    expect(await recordLanguage(200001)).toBe("es");
    expect((await setLanguage(member, { language: "en" })).status).toBe(200);
    expect(await recordLanguage(200001)).toBe("en");

    const desk = await call(api, "POST", "/v1/identity/desktop-session", {
      body: {
        accessToken: await studentToken(api, "100017"),
        desktopKey: DEV_DESKTOP_CLIENT_KEY,
        cashierToken: await staffToken(api, "instructor"),
      },
    });
    expect(desk.status).toBe(200);
    const refused: [string, string, number][] = [
      ["a guest", await guestToken(api), 403],
      ["staff", await staffToken(api, "office"), 403],
      ["a register", desk.body.accessToken as string, 403],
      ["no one", "", 401],
    ];
    for (const [who, token, status] of refused) {
      expect((await setLanguage(token, { language: "es" })).status, who).toBe(status);
    }
    expect(await recordLanguage(100017)).toBe("en");
  });

  it("refuses what is not a language of ours, naming the field", async () => {
    const token = await studentToken(api, "100018");
    for (const [body, field] of [
      [{ language: "fr" }, "language"],
      [{}, "language"],
      [{ language: "es\u0000" }, "language"],
      [{ language: 2 ** 40 }, "language"],
      [{ language: "es", extra: 1 }, "extra"],
    ] as const) {
      const r = await setLanguage(token, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(r.body), JSON.stringify(body)).toContain(field);
    }
    expect(await recordLanguage(100018)).toBe("en");
  });

  it("an old token after sign-out is refused and writes nothing", async () => {
    const token = await studentToken(api, "100027");
    expect((await call(api, "POST", "/v1/identity/sign-out", { token })).status).toBeLessThan(300);
    expect((await setLanguage(token, { language: "es" })).status).toBe(401);
    expect(await recordLanguage(100027)).toBe("en");
  });

  it("five at once keep one answer", async () => {
    const token = await studentToken(api, "100019");
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => setLanguage(token, { language: "es" })),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await recordLanguage(100019)).toBe("es");
  });
});

describe("replies and mail in the family's language", () => {
  it("a reply is in the language the request asks for; data kept stays English", async () => {
    const es = await call(api, "POST", "/v1/student", {
      body: { studentId: "999999", dob: "2012-01-15" },
      headers: { "accept-language": "es-MX,es;q=0.9" },
    });
    const en = await call(api, "POST", "/v1/student", {
      body: { studentId: "999999", dob: "2012-01-15" },
    });
    expect(es.status).toBe(en.status);
    expect(es.body.message).not.toBe(en.body.message);
    expect(es.body.message).toMatch(/[áéíóúñ]|Número|nacimiento/i);
    // The payment window's reason, a registration's data, is the spec's English words.
    expect(REASON_TIMEOUT).toBe("Payment Timeout");
  });

  it("a receipt and a confirmation follow the record, whatever the request's language", async () => {
    const token = await studentToken(api, "100020");
    await setLanguage(token, { language: "es" });
    const id = await section(0);
    // Asked in English, answered in English; the confirmation mail is still Spanish.
    const r = await call(api, "POST", `/v1/register/${id}`, { token, body: {} });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [mail] = await mailTo(100020, "registration");
    expect(mail!.text_body).toMatch(/^Hola/);
    expect(mail!.subject).not.toMatch(/registered|confirmed/i);
  });

  it("a waitlist offer freed by an English family's cancel is in the waiting family's language", async () => {
    const first = await studentToken(api, "100021");
    const waiting = await studentToken(api, "100022");
    await setLanguage(waiting, { language: "es" });
    const id = await section(2500, 1);
    expect((await call(api, "POST", `/v1/register/${id}`, { token: first, body: {} })).status).toBe(
      200,
    );
    const wait = await call(api, "POST", `/v1/register/waitlist/${id}`, {
      token: waiting,
      body: {},
    });
    expect(wait.status, JSON.stringify(wait.body)).toBe(200);
    const cancel = await call(api, "DELETE", `/v1/register/${id}`, {
      token: first,
      body: { reason: "Clicked cancel" },
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const [offer] = await mailTo(100022, "waitlist-offer");
    expect(offer, "an offer was queued").toBeTruthy();
    expect(offer!.text_body).toMatch(/^Hola/);
    const [english] = await queryRows<{ language: string }>(
      db(),
      sql`select language from participants where id = 100021`,
    );
    expect(english!.language).toBe("en");
  });
});
