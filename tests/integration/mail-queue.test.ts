// Mail through the durable queue (decision 130): a send that fails three times
// and then succeeds is one mail; mail queued before a restart is sent after it, and a message
// interrupted mid-send is never sent twice; two processes on one PostgreSQL database send each
// message once; a payment produces one receipt per address on file, however many times it is
// submitted at once; the business office reads a family's mail log and resends a receipt once
// per double click.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import {
  call,
  guestToken,
  staffToken,
  startTestApi,
  studentToken,
  usingPostgres,
  type TestApi,
} from "../support/api";
import { queryRows, type Db } from "../../district-api/db/client";
import { createScratchDatabase } from "../../district-api/db/scratch-database";
import { startDistrictApi } from "../../district-api/runtime";
import { createLogger } from "../../district-api/logger";
import type { Mailer } from "../../district-api/services/mail";
import { enqueueMail, retryDelayMs } from "../../district-api/services/mail-queue";
import { MailLog } from "@domain/contract/office-mail";
import { DEV_DESKTOP_CLIENT_KEY } from "../../district-api/services/cashier";
import { todayIn } from "@domain/rules/time";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const db = () => api.runtime.deps.db;

async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function mailRow(id: number) {
  const [row] = await queryRows<{ status: string; attempts: number; last_error: string | null }>(
    db(),
    sql`select status, attempts, last_error from mail_queue where id = ${id}`,
  );
  return row!;
}

async function lastMailId(database: Pick<Db, "execute">, to: string): Promise<number> {
  const [row] = await queryRows<{ id: string }>(
    database,
    sql`select id from mail_queue where to_address = ${to} order by id desc limit 1`,
  );
  return Number(row!.id);
}

async function filesIn(dir: string): Promise<{ to: string; subject: string; text: string }[]> {
  const files = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), "utf8"))));
}

describe("retries", () => {
  it("a send that fails three times and then succeeds is one mail, with back-off in between", async () => {
    const to = `flaky-${randomBytes(3).toString("hex")}@example.org`;
    const real = api.runtime.deps.mailer;
    let failures = 0;
    const flaky: Mailer = {
      async send(m) {
        if (m.to === to && failures < 3) {
          failures++;
          throw new Error(`421 mailbox ${to} busy`);
        }
        await real.send(m);
      },
    };
    api.runtime.deps.mailer = flaky;
    try {
      await enqueueMail(db(), { kind: "receipt", to, subject: "Flaky", text: "Body" });
      const id = await lastMailId(db(), to);
      for (let attempt = 1; attempt <= 3; attempt++) {
        await until(`attempt ${attempt}`, async () => {
          const r = await mailRow(id);
          return r.attempts === attempt && r.status === "queued" && r;
        });
        const r = await mailRow(id);
        // Never the address in what is stored (or logged) about the failure.
        expect(r.last_error).toContain("421 mailbox");
        expect(r.last_error).not.toContain(to);
        // Not before its back-off: a wake now sends nothing.
        api.runtime.mail!.wake();
        await api.runtime.mail!.idle();
        expect((await mailRow(id)).attempts).toBe(attempt);
        api.clock.advance(retryDelayMs(attempt));
        api.runtime.mail!.wake();
      }
      await until("sent", async () => (await mailRow(id)).status === "sent");
      expect(await mailRow(id)).toMatchObject({ status: "sent", attempts: 4 });
      const mine = (await api.outbox()).filter((m) => m.to === to);
      expect(mine).toHaveLength(1);
      expect(failures).toBe(3);
    } finally {
      api.runtime.deps.mailer = real;
    }
  });

  it("gives up after the last attempt: the message is failed, not sent", async () => {
    const to = `never-${randomBytes(3).toString("hex")}@example.org`;
    const real = api.runtime.deps.mailer;
    api.runtime.deps.mailer = {
      async send(m) {
        if (m.to === to) throw new Error("550 no such user");
        await real.send(m);
      },
    };
    try {
      await enqueueMail(db(), { kind: "receipt", to, subject: "Never", text: "Body" });
      const id = await lastMailId(db(), to);
      for (let attempt = 1; attempt < 8; attempt++) {
        await until(`attempt ${attempt}`, async () => (await mailRow(id)).attempts === attempt);
        api.clock.advance(retryDelayMs(attempt));
        api.runtime.mail!.wake();
      }
      await until("failed", async () => (await mailRow(id)).status === "failed");
      expect((await mailRow(id)).attempts).toBe(8);
      expect((await api.outbox()).filter((m) => m.to === to)).toHaveLength(0);
    } finally {
      api.runtime.deps.mailer = real;
    }
  });
});

describe("restarts", () => {
  it("mail queued before a restart is sent after it; a send interrupted by a crash is not sent again", async () => {
    const pg = usingPostgres
      ? await createScratchDatabase(process.env.TEST_DATABASE_URL!, "it")
      : null;
    const dataDir = pg ? undefined : await mkdtemp(path.join(tmpdir(), "mailq-"));
    const outbox1 = await mkdtemp(path.join(tmpdir(), "outbox-"));
    const outbox2 = await mkdtemp(path.join(tmpdir(), "outbox-"));
    const common = {
      databaseUrl: pg?.url,
      pgliteDir: dataDir ? path.join(dataDir, "db") : undefined,
      secret: "restart",
      logger: createLogger("silent"),
      seed: false as const,
    };
    try {
      // A process whose worker never ran (it stopped before sending): three messages queued, and
      // one it had claimed when it died (still 'sending', its lease run out).
      const first = await startDistrictApi({ ...common, outboxDir: outbox1, mailWorker: false });
      for (const n of [1, 2, 3]) {
        await enqueueMail(first.deps.db, {
          kind: "receipt",
          to: `restart${n}@example.org`,
          subject: `Queued ${n}`,
          text: "Body",
        });
      }
      await enqueueMail(first.deps.db, {
        kind: "receipt",
        to: "crashed@example.org",
        subject: "Claimed",
        text: "Body",
      });
      await first.deps.db.execute(sql`update mail_queue set status = 'sending', attempts = 1,
          lease_until = now() - interval '1 minute' where to_address = 'crashed@example.org'`);
      await first.close();
      expect(await filesIn(outbox1)).toHaveLength(0);

      const second = await startDistrictApi({ ...common, outboxDir: outbox2 });
      try {
        const sent = await until("the queued mail", async () => {
          const files = await filesIn(outbox2);
          return files.length >= 3 && files;
        });
        await second.mail!.idle();
        expect(sent.map((m) => m.subject).sort()).toEqual(["Queued 1", "Queued 2", "Queued 3"]);
        const [crashed] = await queryRows<{ status: string; last_error: string }>(
          second.deps.db,
          sql`select status, last_error from mail_queue where to_address = 'crashed@example.org'`,
        );
        expect(crashed).toMatchObject({ status: "failed" });
        expect(crashed!.last_error).toMatch(/interrupted/);
        expect((await filesIn(outbox2)).map((m) => m.to)).not.toContain("crashed@example.org");
      } finally {
        await second.close();
      }
    } finally {
      await pg?.drop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
      await rm(outbox1, { recursive: true, force: true });
      await rm(outbox2, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!usingPostgres)("two processes on one PostgreSQL database", () => {
  it("send each queued message once", async () => {
    const other = await startTestApi({ shareWith: api });
    try {
      // Slow mailers, so both workers are busy at once.
      for (const rt of [api.runtime, other.runtime]) {
        const real = rt.deps.mailer;
        rt.deps.mailer = {
          async send(m) {
            await new Promise((r) => setTimeout(r, 5));
            await real.send(m);
          },
        };
      }
      const tag = randomBytes(3).toString("hex");
      await db().transaction(async (tx) => {
        for (let i = 0; i < 60; i++) {
          await enqueueMail(tx, {
            kind: "receipt",
            to: `both-${tag}-${i}@example.org`,
            subject: `Both ${i}`,
            text: "Body",
          });
        }
      });
      const mine = async (t: TestApi) =>
        (await filesIn(t.outboxDir)).filter((m) => m.to.startsWith(`both-${tag}-`));
      await until("every message", async () => {
        const n = (await mine(api)).length + (await mine(other)).length;
        return n >= 60;
      });
      await api.runtime.mail!.idle();
      await other.runtime.mail!.idle();
      const a = await mine(api);
      const b = await mine(other);
      const all = [...a, ...b].map((m) => m.to);
      expect(all).toHaveLength(60);
      expect(new Set(all).size).toBe(60);
      const [row] = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from mail_queue
            where to_address like ${`both-${tag}-%`} and status = 'sent' and attempts = 1`,
      );
      expect(row!.n).toBe(60);
    } finally {
      await other.close();
    }
  });
});

describe.skipIf(!usingPostgres)("a lost LISTEN connection", () => {
  it("is opened again, and new mail still goes out at once (not at the next poll)", async () => {
    const killed = await queryRows<{ ok: boolean }>(
      db(),
      sql`select pg_terminate_backend(pid) as ok from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()
            and query ilike 'listen mail_queue%'`,
    );
    expect(killed.length).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 6_500));
    const to = `relisten-${randomBytes(3).toString("hex")}@example.org`;
    const started = Date.now();
    await enqueueMail(db(), { kind: "receipt", to, subject: "Again", text: "Body" });
    await until("the mail", async () => (await api.outbox()).some((m) => m.to === to));
    // The worker polls every 30 s; the NOTIFY is what sent it this soon.
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

/** A new section costing `costCents` with seats. */
async function makeSection(costCents: number): Promise<string> {
  const [p] = await queryRows<{ id: string }>(
    db(),
    sql`insert into programs (name) values ('Mail queue') returning id`,
  );
  const [c] = await queryRows<{ id: string }>(
    db(),
    sql`insert into courses (subject, course_number, name)
        values ('MQ', '101', ${`Pottery ${randomBytes(3).toString("hex")}`}) returning id`,
  );
  const [s] = await queryRows<{ id: string }>(
    db(),
    sql`insert into course_sections (program_id, course_id, section_number, term_id, term, capacity,
          date_start, date_end, cost_cents, waitlist_enabled)
        values (${p!.id}, ${c!.id}, '1', 'T1', 'Fall', 5, '2027-01-10', '2027-03-10',
          ${costCents}, true)
        returning id`,
  );
  return s!.id;
}

async function addressesOf(student: string): Promise<string[]> {
  const [p] = await queryRows<{ email: string | null; custodian_emails: string[] }>(
    db(),
    sql`select email, custodian_emails from participants where id = ${Number(student)}`,
  );
  return [...new Set([p!.email, ...p!.custodian_emails].filter((a): a is string => !!a))].sort();
}

describe("receipts and confirmations", () => {
  let receiptPaymentId = 0;
  const student = "100019";

  it("a card payment submitted three times at once gives one receipt per address on file", async () => {
    const token = await studentToken(api, student);
    const section = await makeSection(4000);
    const reg = await call(api, "POST", `/v1/register/${section}`, { token, body: {} });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const setup = await call(api, "POST", "/v1/payment/create-setup-intent", {
      token,
      body: { courseSectionId: section },
    });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    const setupId = setup.body.data.setupId as string;
    await call(api, "POST", `/v1/payment/simulator/setup/${setupId}/confirm`, {
      token,
      body: { cardNumber: "4242424242424242" },
    });
    const before = (await api.outbox()).length;
    const replies = await Promise.all(
      [1, 2, 3].map(() =>
        call(api, "POST", "/v1/payment/complete-setup-intent", {
          token,
          body: { setupId, courseSectionId: section, payNowAmount: 40, paymentType: "full" },
        }),
      ),
    );
    expect(replies.some((r) => r.status === 200)).toBe(true);
    const [payment] = await queryRows<{ id: number; confirmation_id: string | null }>(
      db(),
      sql`select p.id, p.confirmation_id from payments p
          join registrations r on r.id = p.registration_id
          where r.course_section_id = ${section} and p.status = 'succeeded'`,
    );
    receiptPaymentId = Number(payment!.id);
    const addresses = await addressesOf(student);
    expect(addresses.length).toBeGreaterThan(0);
    const mail = (await api.outbox({ atLeast: before + addresses.length })).slice(before);
    const receipts = mail.filter((m) => /receipt/i.test(m.subject));
    expect(receipts.map((m) => m.to).sort()).toEqual(addresses);
    for (const m of receipts) {
      expect(m.subject).toContain("$40.00");
      expect(m.text).toContain("Card (online)");
      if (payment!.confirmation_id) expect(m.text).toContain(payment!.confirmation_id);
      expect((m as { html?: string }).html).toContain("<html>");
    }
    // The registration is confirmed too, once per address.
    const confirmations = mail.filter((m) => /registration confirmed/i.test(m.subject));
    expect(confirmations.map((m) => m.to).sort()).toEqual(addresses);
  });

  it("a guest who pays by card gets the receipt at the address they gave (decision 130)", async () => {
    const email = `guest-receipt-${randomBytes(3).toString("hex")}@example.org`;
    const token = await guestToken(api, email);
    const [donation] = await queryRows<{ id: number }>(
      db(),
      sql`select id from fees where name = 'Music Booster Donation'`,
    );
    const added = await call(api, "PUT", "/v1/fees/add-to-cart", {
      token,
      body: { feeId: donation!.id, donationAmount: 12 },
    });
    expect(added.status, JSON.stringify(added.body)).toBeLessThan(300);
    const cart = await call(api, "GET", "/v1/cart/", { token });
    const setup = await call(api, "POST", "/v1/payment/create-setup-intent", {
      token,
      body: { cartId: cart.body.id },
    });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    const setupId = setup.body.data.setupId as string;
    await call(api, "POST", `/v1/payment/simulator/setup/${setupId}/confirm`, {
      token,
      body: { cardNumber: "4242424242424242" },
    });
    const paid = await call(api, "POST", "/v1/payment/complete-setup-intent", {
      token,
      body: { setupId, cartId: cart.body.id, payNowAmount: 12, paymentType: "full" },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const receipt = await until("the guest's receipt", async () =>
      (await api.outbox()).find((m) => m.to === email && /receipt/i.test(m.subject)),
    );
    expect(receipt.subject).toContain("$12.00");
    // Greeted by the name the guest gave.
    expect(receipt.text).toMatch(/^Hello Gail,/m);
  });

  it("cash at the register, sent five times at once, gives one receipt per address", async () => {
    const student = "100023";
    const family = await studentToken(api, student);
    const desk = await call(api, "POST", "/v1/identity/desktop-session", {
      body: {
        accessToken: family,
        desktopKey: DEV_DESKTOP_CLIENT_KEY,
        cashierToken: await staffToken(api, "feeadmin"),
      },
    });
    expect(desk.status).toBe(200);
    const token = desk.body.accessToken as string;
    const [fee] = await queryRows<{ id: number }>(
      db(),
      sql`select id from fees where name = 'Science Lab Goggles'`,
    );
    const add = await call(api, "PUT", "/v1/fees/add-to-cart", { token, body: { feeId: fee!.id } });
    expect(add.status).toBe(200);
    const cart = await call(api, "GET", "/v1/cart", { token });
    const before = (await api.outbox()).length;
    const replies = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        call(api, "POST", "/v1/payment/complete-in-person-transaction", {
          token,
          body: {
            cartId: cart.body.id,
            payNowAmount: 8,
            paymentMethod: "cash",
            tenderedCents: 1000,
          },
        }),
      ),
    );
    expect(
      replies.some((r) => r.status === 200),
      JSON.stringify(replies[0]!.body),
    ).toBe(true);
    const addresses = await addressesOf(student);
    const mail = (await api.outbox({ atLeast: before + addresses.length })).slice(before);
    const receipts = mail.filter((m) => /receipt/i.test(m.subject));
    expect(receipts.map((m) => m.to).sort()).toEqual(addresses);
    expect(receipts[0]!.text).toContain("Cash");
    expect(receipts[0]!.text).toContain("Science Lab Goggles");
  });

  it("each check the office records as received gives a receipt for its amount", async () => {
    const student = "100024";
    const section = await makeSection(3000);
    const token = await studentToken(api, student);
    expect((await call(api, "POST", `/v1/register/${section}`, { token, body: {} })).status).toBe(
      200,
    );
    const m = await call(api, "POST", "/v1/payment/confirm-mailin", {
      token,
      body: { paymentType: "mail", courseSectionIds: [section] },
    });
    const [p] = await queryRows<{ id: number }>(
      db(),
      sql`select id from payments where confirmation_id = ${m.body.confirmationIds[0]}`,
    );
    const office = await staffToken(api, "office");
    const before = (await api.outbox()).length;
    const receivedOn = todayIn(api.runtime.deps.timeZone, api.clock.now());
    const r = await call(api, "POST", `/v1/office/checks/${p!.id}/receive`, {
      token: office,
      body: { checkNumber: "4411", amountCents: 1200, receivedOn },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    // The same check again changes nothing, and sends nothing.
    await call(api, "POST", `/v1/office/checks/${p!.id}/receive`, {
      token: office,
      body: { checkNumber: "4411", amountCents: 1200, receivedOn },
    });
    const addresses = await addressesOf(student);
    const mail = (await api.outbox({ atLeast: before + addresses.length })).slice(before);
    const receipts = mail.filter((x) => /receipt/i.test(x.subject));
    expect(receipts.map((x) => x.to).sort()).toEqual(addresses);
    expect(receipts[0]!.subject).toContain("$12.00");
    expect(receipts[0]!.text).toContain("4411");
    expect(receipts[0]!.text).toContain("Check (by mail)");
  });

  it("financial assistance gets its receipt, once however many times it is confirmed", async () => {
    const student = "100025";
    await db().execute(sql`update participants set financial_aid = 'free' where id = 100025`);
    const section = await makeSection(1500);
    const token = await studentToken(api, student);
    expect((await call(api, "POST", `/v1/register/${section}`, { token, body: {} })).status).toBe(
      200,
    );
    const before = (await api.outbox()).length;
    const replies = await Promise.all(
      [1, 2, 3].map(() =>
        call(api, "POST", "/v1/payment/confirm-fab", { token, body: { courseSectionId: section } }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    const addresses = await addressesOf(student);
    const mail = (await api.outbox({ atLeast: before + addresses.length })).slice(before);
    const receipts = mail.filter((m) => /financial assistance/i.test(m.subject));
    expect(receipts.map((m) => m.to).sort()).toEqual(addresses);
    expect(receipts[0]!.text).toContain("nothing is due");
  });

  it("joining a waitlist is confirmed to the addresses on file", async () => {
    const section = await makeSection(1000);
    await db().execute(sql`update course_sections set capacity = 0 where id = ${section}`);
    const token = await studentToken(api, "100020");
    const before = (await api.outbox()).length;
    const r = await call(api, "POST", `/v1/register/waitlist/${section}`, { token, body: {} });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const mail = (await api.outbox({ atLeast: before + 1 })).slice(before);
    expect(
      mail
        .filter((m) => /waitlist place/i.test(m.subject))
        .map((m) => m.to)
        .sort(),
    ).toEqual(await addressesOf("100020"));
  });

  it("a mailed-check promise sends the mailing instructions and its confirmation number", async () => {
    const section = await makeSection(2500);
    const token = await studentToken(api, "100021");
    const reg = await call(api, "POST", `/v1/register/${section}`, { token, body: {} });
    expect(reg.status).toBe(200);
    const before = (await api.outbox()).length;
    const m = await call(api, "POST", "/v1/payment/confirm-mailin", {
      token,
      body: { paymentType: "mail", courseSectionIds: [section] },
    });
    expect(m.status, JSON.stringify(m.body)).toBe(200);
    const confirmation = m.body.confirmationIds[0] as string;
    const mail = (await api.outbox({ atLeast: before + 1 })).slice(before);
    const instructions = mail.filter((x) => /mail your check/i.test(x.subject));
    expect(instructions.map((x) => x.to).sort()).toEqual(await addressesOf("100021"));
    expect(instructions[0]!.text).toContain(confirmation);
    expect(instructions[0]!.text).toContain("mail it to");
    expect(instructions[0]!.text).toContain("$25.00");
  });

  describe("the office's mail log", () => {
    let office: string;
    beforeAll(async () => {
      office = await staffToken(api, "office");
    });

    it("finds a family's mail by student ID and by address", async () => {
      for (const q of [student, (await addressesOf(student))[0]!.toUpperCase()]) {
        const r = await call(api, "GET", `/v1/office/mail?q=${encodeURIComponent(q)}`, {
          token: office,
        });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        const log = MailLog.parse(r.body);
        const receipt = log.messages.find(
          (x) => x.kind === "receipt" && x.paymentId === receiptPaymentId,
        );
        expect(receipt).toMatchObject({ status: "sent", resendable: true, attempts: 1 });
      }
      const empty = await call(api, "GET", "/v1/office/mail", { token: office });
      expect(empty.body).toEqual({ q: "", messages: [] });
    });

    it("refuses a search that is neither an ID nor an address, naming the field", async () => {
      for (const q of ["abc", "1".repeat(12), "a b@c", "x".repeat(300)]) {
        const r = await call(api, "GET", `/v1/office/mail?q=${encodeURIComponent(q)}`, {
          token: office,
        });
        expect(r.status, q).toBe(400);
        expect(JSON.stringify(r.body)).toContain("q");
      }
    });

    it("resends a receipt once however many times it is asked at once; not other mail", async () => {
      const [orig] = await queryRows<{ id: string; to_address: string }>(
        db(),
        sql`select id, to_address from mail_queue where kind = 'receipt'
            and payment_id = ${receiptPaymentId} order by id limit 1`,
      );
      const before = (await api.outbox()).length;
      const replies = await Promise.all(
        [1, 2, 3, 4, 5].map(() =>
          call(api, "POST", `/v1/office/mail/${orig!.id}/resend`, { token: office }),
        ),
      );
      expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
      expect(new Set(replies.map((r) => r.body.id)).size).toBe(1);
      const mail = (await api.outbox({ atLeast: before + 1 })).slice(before);
      expect(
        mail.filter((m) => m.to === orig!.to_address && /receipt/i.test(m.subject)),
      ).toHaveLength(1);
      const [audit] = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from audit_entries
            where action = 'mail.resend' and entity_id = ${orig!.id}`,
      );
      expect(audit!.n).toBe(1);

      const [lock] = await queryRows<{ id: string }>(
        db(),
        sql`select id from mail_queue where kind <> all(array['receipt', 'registration', 'waitlist',
            'mailed-check', 'refund']) order by id limit 1`,
      );
      if (lock) {
        const r = await call(api, "POST", `/v1/office/mail/${lock.id}/resend`, { token: office });
        expect(r.status).toBe(409);
      }
      const missing = await call(api, "POST", "/v1/office/mail/999999999/resend", {
        token: office,
      });
      expect(missing.status).toBe(404);
      const bad = await call(api, "POST", "/v1/office/mail/abc/resend", { token: office });
      expect(bad.status).toBe(400);
    });
  });
});
