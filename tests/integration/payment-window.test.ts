// More time on a payment window, once (decision 146): the owner's POST on the
// registration's payment window moves its deadline by the district's window from the old one,
// once; a second request, five at once, a window that ended, a registration no longer awaiting
// payment and another family's registration are refused; a registration in the cart moves the
// cart's deadline with it. Who may call it: a matrix of every kind of caller.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { call, guestToken, staffToken, startTestApi, type TestApi } from "../support/api";
import { queryRows } from "../../district-api/db/client";
import { seedStudents } from "../../district-api/db/seed/core";
import { expireHolds } from "../../district-api/services/holds";
import {
  confirmRegistrationPayment,
  paymentTimeoutMinutes,
} from "../../district-api/services/registration";

let api: TestApi;
let programId = "";
let windowMs = 0;
const tokens = new Map<number, string>();

beforeAll(async () => {
  api = await startTestApi({ backgroundJobs: false });
  await seedStudents(api.runtime.deps.db, 160);
  const [p] = await queryRows<{ id: string }>(
    api.runtime.deps.db,
    sql`select id from programs where name = 'Summer Enrichment 2027'`,
  );
  programId = p!.id;
  windowMs = (await paymentTimeoutMinutes(api.runtime.deps.db)) * 60_000;
});
afterAll(async () => {
  await api?.close();
});

async function token(n: number): Promise<string> {
  let tok = tokens.get(n);
  if (!tok) {
    const r = await call(api, "POST", "/v1/student", {
      body: { studentId: String(100000 + n), dob: "2012-01-15" },
    });
    expect(r.status).toBe(200);
    tok = r.body.accessToken as string;
    tokens.set(n, tok);
  }
  return tok;
}

let made = 0;
/** A fresh paid section meeting at a time nobody else uses. */
async function paidSection(): Promise<string> {
  made += 1;
  const db = api.runtime.deps.db;
  const [c] = await queryRows<{ id: string }>(
    db,
    sql`insert into courses (subject, course_number, name)
        values ('PWT', ${`PWT ${made}`}, ${`Window Course ${made}`}) returning id`,
  );
  const [s] = await queryRows<{ id: string }>(
    db,
    sql`insert into course_sections (program_id, course_id, section_number, term_id, term, capacity,
          waitlist_enabled, meeting_days, date_start, date_end, time_start, time_end, cost_cents)
        values (${programId}, ${c!.id}, '1', '2027SU', 'Summer 2027', 10, false,
          ${`{Win${made}}`}, '2027-06-07', '2027-07-16', '07:00', '08:00', 1000)
        returning id`,
  );
  return s!.id;
}

/** Student n holds a seat in a fresh paid section: its registration id and deadline. */
async function held(n: number) {
  const section = await paidSection();
  const r = await call(api, "POST", `/v1/register/${section}`, { token: await token(n), body: {} });
  expect(r.status).toBe(200);
  expect(r.body.status).toBe("pending_payment");
  const id = r.body.registrationId as string;
  return { section, id, deadline: await deadlineOf(id) };
}

async function deadlineOf(id: string): Promise<number> {
  const [row] = await queryRows<{ hold_expires_at: Date | string }>(
    api.runtime.deps.db,
    sql`select hold_expires_at from registrations where id = ${id}`,
  );
  return new Date(row!.hold_expires_at).getTime();
}

const extend = async (n: number | string, id: string) =>
  call(api, "POST", `/v1/registrations/${id}/payment-window`, {
    token: typeof n === "number" ? await token(n) : n,
  });

describe("POST /v1/registrations/{registrationId}/payment-window", () => {
  it("gives the district's window once more from the old deadline, then refuses", async () => {
    const h = await held(101);
    const first = await extend(101, h.id);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      registrationId: h.id,
      paymentDeadline: new Date(h.deadline + windowMs).toISOString(),
      cartTimeout: null,
    });
    expect(await deadlineOf(h.id)).toBe(h.deadline + windowMs);
    // The list shows the new deadline, and that it was extended.
    const list = await call(api, "GET", "/v1/program", { token: await token(101) });
    const course = (list.body as any[])
      .flatMap((p) => p.courses)
      .find((c) => c.courseSelectionUUID === h.section);
    expect(course.paymentDeadline).toBe(new Date(h.deadline + windowMs).toISOString());
    expect(course.paymentWindowExtended).toBe(true);
    const dialog = await call(api, "GET", `/v1/payment/registration/${h.section}`, {
      token: await token(101),
    });
    expect(dialog.body.holdExtended).toBe(true);

    const second = await extend(101, h.id);
    expect(second.status).toBe(409);
    expect(second.body).toEqual({
      message: "Unable to give more time to pay.",
      hint: "More time was already given once for this registration. Please pay before the time runs out.",
    });
    expect(await deadlineOf(h.id)).toBe(h.deadline + windowMs);
  });

  it("five identical requests at once grant exactly one", async () => {
    const h = await held(102);
    const replies = await Promise.all(Array.from({ length: 5 }, () => extend(102, h.id)));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await deadlineOf(h.id)).toBe(h.deadline + windowMs);
  });

  it("refuses once the window has ended, before and after the sweep", async () => {
    const h = await held(103);
    api.clock.advance(windowMs + 1000);
    try {
      const late = await extend(103, h.id);
      expect(late.status).toBe(409);
      expect(late.body.hint).toBe("The time to pay for this registration has already ended.");
      expect(await expireHolds(api.runtime.deps)).toBeGreaterThanOrEqual(1);
      const swept = await extend(103, h.id);
      expect(swept.status).toBe(409);
      expect(swept.body.hint).toBe("The time to pay for this registration has already ended.");
    } finally {
      api.clock.reset();
    }
  });

  it("refuses a registration no longer awaiting payment", async () => {
    const h = await held(104);
    const paid = await confirmRegistrationPayment(api.runtime.deps, h.id, { paidCents: 1000 });
    expect(paid.result).toBe("registered");
    const r = await extend(104, h.id);
    expect(r.status).toBe(409);
    expect(r.body.hint).toBe("This registration is no longer awaiting payment.");
  });

  it("refuses another family's registration as not found, and changes nothing", async () => {
    const h = await held(105);
    const other = await extend(106, h.id);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe("No registration awaiting payment was found.");
    const [row] = await queryRows<{ hold_extended_at: unknown }>(
      api.runtime.deps.db,
      sql`select hold_extended_at from registrations where id = ${h.id}`,
    );
    expect(row!.hold_extended_at).toBeNull();
    expect(await deadlineOf(h.id)).toBe(h.deadline);
    // The owner still has their one extension.
    expect((await extend(105, h.id)).status).toBe(200);
  });

  it("refuses a token after its sign-out, and an id that is not one, changing nothing", async () => {
    const h = await held(107);
    const r = await call(api, "POST", "/v1/student", {
      body: { studentId: "100107", dob: "2012-01-15" },
    });
    const old = r.body.accessToken as string;
    expect((await call(api, "POST", "/v1/identity/sign-out", { token: old })).status).toBe(204);
    expect((await extend(old, h.id)).status).toBe(401);
    for (const bad of ["not-a-uuid", "%00", "1099511627776"]) {
      const reply = await extend(107, bad);
      expect(reply.status).toBe(400);
      expect(JSON.stringify(reply.body)).toContain("registrationId");
    }
    expect(await deadlineOf(h.id)).toBe(h.deadline);
    // The owner's session in another browser still has the one extension.
    expect((await extend(107, h.id)).status).toBe(200);
  });

  it("moves the deadline of the cart the registration is in", async () => {
    const h = await held(107);
    const tok = await token(107);
    const add = await call(api, "PUT", "/v1/cart/add", {
      token: tok,
      body: { courseSectionId: h.section },
    });
    expect(add.status).toBeLessThan(300);
    const before = await call(api, "GET", "/v1/cart/", { token: tok });
    const cartBefore = Date.parse(before.body.cartTimeout);
    expect(cartBefore).toBeGreaterThan(Date.now());
    const r = await extend(107, h.id);
    expect(r.status).toBe(200);
    expect(r.body.cartTimeout).toBe(new Date(cartBefore + windowMs).toISOString());
    const after = await call(api, "GET", "/v1/cart/", { token: tok });
    expect(Date.parse(after.body.cartTimeout)).toBe(cartBefore + windowMs);
    // The cart's old deadline passing releases nothing now.
    api.clock.advance(cartBefore - Date.now() + 60_000);
    try {
      const still = await call(api, "GET", "/v1/cart/", { token: tok });
      expect(still.body.cartItems.map((i: any) => i.courseSectionId)).toEqual([h.section]);
    } finally {
      api.clock.reset();
    }
  });

  it("who may call it: the owner only (matrix)", async () => {
    const h = await held(108);
    const path = `/v1/registrations/${h.id}/payment-window`;
    const callers: [string, string | undefined, number][] = [
      ["no token", undefined, 401],
      ["forged token", "not-a-token", 401],
      ["instructor", await staffToken(api, "instructor"), 403],
      ["administrator", await staffToken(api, "admin"), 403],
      ["guest", await guestToken(api, "window-matrix@example.org"), 403],
      ["another family", await token(109), 404],
    ];
    for (const [who, tok, status] of callers) {
      const r = await call(api, "POST", path, { token: tok });
      expect(r.status, who).toBe(status);
    }
    expect(await deadlineOf(h.id)).toBe(h.deadline);
    const unknown = await extend(108, "00000000-0000-4000-8000-000000000000");
    expect(unknown.status).toBe(404);
    const malformed = await extend(108, "not-a-uuid");
    expect(malformed.status).toBe(400);
    expect((await extend(108, h.id)).status).toBe(200);
  });
});
