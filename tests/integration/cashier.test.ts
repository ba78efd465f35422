// Cashier over HTTP: in-person methods only for sessions that came through the desktop client
// with its key; cash with change, in-person checks and reader payments recorded once under
// concurrent submits; the reader's intent amount equals the cart total in cents.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { decodeJwt } from "jose";
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

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const db = () => api.runtime.deps.db;

async function feeId(name: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db(),
    sql`select id from fees where name = ${name}`,
  );
  return Number(row!.id);
}

let registerEmployee: string;
/** The employee signed in at the register (the cashier), unless a test says otherwise. */
const cashier = async () => (registerEmployee ??= await staffToken(api, "feeadmin"));

/**
 * A desktop-client session: the host pushes the token with the key and the token of the employee
 * at the register, unless told otherwise (decision 102).
 */
async function desktop(
  token: string,
  key: string | null = DEV_DESKTOP_CLIENT_KEY,
  cashierToken: string | null | undefined = undefined,
) {
  const employee = cashierToken === undefined ? await cashier() : cashierToken;
  const r = await call(api, "POST", "/v1/identity/desktop-session", {
    body: {
      accessToken: token,
      ...(key !== null ? { desktopKey: key } : {}),
      ...(employee !== null ? { cashierToken: employee } : {}),
    },
  });
  expect(r.status).toBe(200);
  return r.body.accessToken as string;
}

async function addFee(token: string, name: string, extra: Record<string, unknown> = {}) {
  const r = await call(api, "PUT", "/v1/fees/add-to-cart", {
    token,
    body: { feeId: await feeId(name), ...extra },
  });
  expect(r.status).toBe(200);
}

async function cart(token: string) {
  const r = await call(api, "GET", "/v1/cart", { token });
  expect(r.status).toBe(200);
  return r.body as { id: number; total: number; status: string };
}

async function paymentsOf(cartId: number) {
  return queryRows<{ method: string; amount_cents: number; tendered_cents: number | null }>(
    db(),
    sql`select method, amount_cents, tendered_cents from payments where cart_id = ${cartId}`,
  );
}

describe("the register's session and the cashier role (decision 140)", () => {
  it("ending the employee's session at the register ends the register's, through a refresh too", async () => {
    const employee = await staffToken(api, "instructor");
    const token = await desktop(
      await studentToken(api, "100033"),
      DEV_DESKTOP_CLIENT_KEY,
      employee,
    );
    await addFee(token, "Science Lab Goggles");
    const c = await cart(token);
    const refreshed = await call(api, "POST", "/v1/identity/refresh-token", { token });
    expect(refreshed.status).toBe(200);
    const later = refreshed.body.accessToken as string;
    expect(decodeJwt(later)).toMatchObject({ cashier: true, cashierEmployeeId: "E1001" });
    expect((await call(api, "POST", "/v1/identity/sign-out", { token: employee })).status).toBe(
      204,
    );
    for (const t of [token, later]) {
      expect((await call(api, "GET", "/v1/payment/in-person", { token: t })).status).toBe(401);
      expect((await call(api, "POST", "/v1/identity/refresh-token", { token: t })).status).toBe(
        401,
      );
      const cash = await call(api, "POST", "/v1/payment/complete-in-person-transaction", {
        token: t,
        body: { cartId: c.id, payNowAmount: 8, paymentMethod: "cash", tenderedCents: 1500 },
      });
      expect(cash.status).toBe(401);
    }
    expect(await paymentsOf(c.id)).toEqual([]);
    // The flip side: the family's own session (not the register's) is untouched.
    const family = await studentToken(api, "100033");
    expect((await call(api, "GET", "/v1/cart", { token: family })).status).toBe(200);
  });

  it("only staff with the cashier role take money; an administrator gives and takes the role, recorded", async () => {
    const admin = await staffToken(api, "admin");
    const [proposer] = await queryRows<{ id: number }>(
      db(),
      sql`select id from staff where username = 'proposer'`,
    );
    const family = await studentToken(api, "100034");
    // The proposer is active but no cashier: the register gets no cashier claims.
    const notCashier = await desktop(
      family,
      DEV_DESKTOP_CLIENT_KEY,
      await staffToken(api, "proposer"),
    );
    expect(decodeJwt(notCashier).cashier).toBeUndefined();
    const cfg = await call(api, "GET", "/v1/payment/in-person", { token: notCashier });
    expect(cfg.body.allowed).toBe(false);
    await addFee(notCashier, "Science Lab Goggles");
    const c = await cart(notCashier);
    const refused = await call(api, "POST", "/v1/payment/complete-in-person-transaction", {
      token: notCashier,
      body: { cartId: c.id, payNowAmount: 8, paymentMethod: "cash", tenderedCents: 1000 },
    });
    expect(refused.status).toBe(403);
    expect(await paymentsOf(c.id)).toEqual([]);
    // The administrator gives the role: the next sign-in at the register takes money.
    const give = await call(api, "PUT", `/v1/admin/staff/${proposer!.id}/roles`, {
      token: admin,
      body: { roles: ["fee_proposer", "instructor", "cashier"] },
    });
    expect(give.status, JSON.stringify(give.body)).toBe(200);
    // A role change ends the person's sessions up to that second; they sign in again after it.
    api.clock.advance(2_000);
    const register = await desktop(
      family,
      DEV_DESKTOP_CLIENT_KEY,
      await staffToken(api, "proposer"),
    );
    expect(decodeJwt(register)).toMatchObject({ cashier: true, cashierEmployeeId: "E1003" });
    expect(
      (await call(api, "GET", "/v1/payment/in-person", { token: register })).body,
    ).toMatchObject({ allowed: true });
    const [audit] = await queryRows<{ after: { roles: string[] } }>(
      db(),
      sql`select after from audit_entries where action = 'staff.roles'
            and entity_id = ${String(proposer!.id)} order by id desc limit 1`,
    );
    expect(audit!.after.roles).toContain("cashier");
    // Taking it away ends the register's session at once.
    const take = await call(api, "PUT", `/v1/admin/staff/${proposer!.id}/roles`, {
      token: admin,
      body: { roles: ["fee_proposer", "instructor"] },
    });
    expect(take.status).toBe(200);
    expect((await call(api, "GET", "/v1/payment/in-person", { token: register })).status).toBe(401);
  });

  it("migration 0036 keeps the role for those who already took in-person payments, recorded", async () => {
    await db().execute(
      sql`insert into payments (owner_key, method, amount_cents, status, idempotency_key,
            created_at, taken_by_employee_id)
          values ('student:100036', 'cash', 500, 'succeeded', 'migration-0036-test', now(), 'E1006')`,
    );
    const migration = await readFile(
      path.resolve("district-api/db/migrations/0036_cashier_role.sql"),
      "utf8",
    );
    const rolesOf = async (username: string) =>
      (
        await queryRows<{ roles: string[] }>(
          db(),
          sql`select roles from staff where username = ${username}`,
        )
      )[0]!.roles;
    await db().execute(sql.raw(migration));
    await db().execute(sql.raw(migration));
    expect(await rolesOf("office")).toEqual(["business_office", "cashier"]);
    expect(await rolesOf("proposer")).not.toContain("cashier");
    const audit = await queryRows<{ actor_username: string; after: { roles: string[] } }>(
      db(),
      sql`select actor_username, after from audit_entries where action = 'staff.roles'
            and entity_id = (select id::text from staff where username = 'office')`,
    );
    expect(audit).toEqual([
      {
        actor_username: "migration 0036",
        after: expect.objectContaining({ roles: ["business_office", "cashier"] }),
      },
    ]);
  });

  it("/v1/payment/in-person does not allow a register whose employee is no longer active", async () => {
    const token = await desktop(
      await studentToken(api, "100035"),
      DEV_DESKTOP_CLIENT_KEY,
      await staffToken(api, "instructor2"),
    );
    expect((await call(api, "GET", "/v1/payment/in-person", { token })).body.allowed).toBe(true);
    await db().execute(sql`update staff set active = false where employee_id = 'E1004'`);
    try {
      const cfg = await call(api, "GET", "/v1/payment/in-person", { token });
      expect(cfg.status).toBe(200);
      expect(cfg.body.allowed).toBe(false);
    } finally {
      await db().execute(sql`update staff set active = true where employee_id = 'E1004'`);
    }
  });
});

describe("who may take in-person payments", () => {
  it("the cashier claim needs the desktop client key", async () => {
    const token = await studentToken(api, "100021");
    const withKey = decodeJwt(await desktop(token));
    expect(withKey).toMatchObject({ desktop: true, cashier: true });
    const noKey = decodeJwt(await desktop(token, null));
    expect(noKey.desktop).toBe(true);
    expect(noKey.cashier).toBeUndefined();
    const wrong = decodeJwt(await desktop(token, "not-the-key"));
    expect(wrong.cashier).toBeUndefined();
    // A token that already says cashier keeps nothing of it when pushed again without the key.
    const again = decodeJwt(await desktop(await desktop(token), null));
    expect(again.cashier).toBeUndefined();
  });

  it("the cashier claim also needs the token of an active employee at the register", async () => {
    const token = await studentToken(api, "100031");
    const employee = decodeJwt(await desktop(token));
    expect(employee).toMatchObject({ desktop: true, cashier: true, cashierEmployeeId: "E1002" });
    // No employee, a family's token, garbage, or an employee who is no longer active: no cashier.
    const inactive = await staffToken(api, "instructor2");
    await db().execute(sql`update staff set active = false where employee_id = 'E1004'`);
    try {
      for (const who of [null, token, "not.a.token.at.all", inactive]) {
        const claims = decodeJwt(await desktop(token, DEV_DESKTOP_CLIENT_KEY, who));
        expect(claims.desktop).toBe(true);
        expect(claims.cashier).toBeUndefined();
        expect(claims.cashierEmployeeId).toBeUndefined();
        const cfg = await call(api, "GET", "/v1/payment/in-person", {
          token: await desktop(token, DEV_DESKTOP_CLIENT_KEY, who),
        });
        expect(cfg.body.allowed).toBe(false);
        expect(cfg.body.reason).toBe(
          "This register cannot take payments here: it did not present its desktop key with the employee signed in at the register. Sign in at the register, then open the cart again.",
        );
      }
      // The employee is written by the district API only: a pushed claim is dropped.
      const again = decodeJwt(await desktop(await desktop(token), DEV_DESKTOP_CLIENT_KEY, null));
      expect(again.cashierEmployeeId).toBeUndefined();
    } finally {
      await db().execute(sql`update staff set active = true where employee_id = 'E1004'`);
    }
  });

  it("records the employee who took each in-person payment, and refuses one no longer active", async () => {
    const clerk = await staffToken(api, "instructor2");
    const token = await desktop(await studentToken(api, "100032"), DEV_DESKTOP_CLIENT_KEY, clerk);
    await addFee(token, "Science Lab Goggles");
    const c = await cart(token);
    await db().execute(sql`update staff set active = false where employee_id = 'E1004'`);
    try {
      const refused = await call(api, "POST", "/v1/payment/complete-in-person-transaction", {
        token,
        body: { cartId: c.id, payNowAmount: 8, paymentMethod: "cash", tenderedCents: 1000 },
      });
      expect(refused.status).toBe(403);
      expect(await paymentsOf(c.id)).toEqual([]);
    } finally {
      await db().execute(sql`update staff set active = true where employee_id = 'E1004'`);
    }
    const ok = await call(api, "POST", "/v1/payment/complete-in-person-transaction", {
      token,
      body: { cartId: c.id, payNowAmount: 8, paymentMethod: "cash", tenderedCents: 1000 },
    });
    expect(ok.status).toBe(200);
    const rows = await queryRows<{ taken_by_employee_id: string | null }>(
      db(),
      sql`select taken_by_employee_id from payments where cart_id = ${c.id}`,
    );
    expect(rows).toEqual([{ taken_by_employee_id: "E1004" }]);
  });

  it("refuses every in-person call from a session that did not come through the desktop client", async () => {
    const token = await studentToken(api, "100022");
    await addFee(token, "Science Lab Goggles");
    const c = await cart(token);
    const noKey = await desktop(token, null);
    for (const t of [token, noKey]) {
      const cash = await call(api, "POST", "/v1/payment/complete-in-person-transaction", {
        token: t,
        body: { cartId: c.id, payNowAmount: c.total, paymentMethod: "cash", tenderedCents: 1000 },
      });
      expect(cash.status).toBe(403);
      expect(cash.body.message).toBe("In-person payments are only taken in the desktop client.");
      const intent = await call(api, "POST", "/v1/payment/create-terminal-payment-intent", {
        token: t,
        body: { cartId: c.id, payNowAmount: c.total },
      });
      expect(intent.status).toBe(403);
      const cfg = await call(api, "GET", "/v1/payment/in-person", { token: t });
      expect(cfg.body.allowed).toBe(false);
    }
    expect((await cart(token)).status).toBe("OPEN");
    expect(await paymentsOf(c.id)).toEqual([]);
    const cfg = await call(api, "GET", "/v1/payment/in-person", { token: await desktop(token) });
    expect(cfg.body).toMatchObject({ allowed: true, publishableKey: null, simulated: true });
  });

  it("gives the reader's connection token to staff and to a desktop cashier session of any kind, and to nobody else", async () => {
    const connectionToken = (token?: string) =>
      call(api, "GET", "/v1/payment/connectionToken", token ? { token } : {});
    const student = await studentToken(api, "100022");
    const guest = await guestToken(api, "reader-guest@example.org");
    for (const token of [
      await staffToken(api, "instructor"),
      await desktop(student),
      await desktop(guest),
    ]) {
      const r = await connectionToken(token);
      expect(r.status).toBe(200);
      expect(typeof r.body.secret).toBe("string");
    }
    for (const token of [student, guest, await desktop(student, null)]) {
      const r = await connectionToken(token);
      expect(r.status).toBe(403);
      expect(r.body.secret).toBeUndefined();
    }
    expect((await connectionToken()).status).toBe(401);
  });

  it("bad input is a 400, never a 5xx", async () => {
    const token = await desktop(await studentToken(api, "100023"));
    for (const body of [
      {},
      { cartId: "x", payNowAmount: 1, paymentMethod: "cash" },
      { cartId: 1, payNowAmount: 1.001, paymentMethod: "cash", tenderedCents: 200 },
      { cartId: 1, payNowAmount: 1, paymentMethod: "bitcoin" },
      { cartId: 1, payNowAmount: 1, paymentMethod: "cash", tenderedCents: 1.5 },
    ]) {
      const r = await call(api, "POST", "/v1/payment/complete-in-person-transaction", {
        token,
        body,
      });
      expect(r.status).toBe(400);
    }
  });
});

describe("cash", () => {
  it("checks the tendered amount: required, at least the amount, at most $100 over", async () => {
    const token = await desktop(await studentToken(api, "100024"));
    await addFee(token, "Athletic Pass");
    const c = await cart(token);
    const pay = (tenderedCents?: number) =>
      call(api, "POST", "/v1/payment/complete-in-person-transaction", {
        token,
        body: { cartId: c.id, payNowAmount: 40, paymentMethod: "cash", tenderedCents },
      });
    expect((await pay()).body.message).toBe("Tendered amount is required for cash payments.");
    expect((await pay(3999)).body.message).toBe(
      "Tendered amount must be greater then or equal to the payment amount.",
    );
    expect((await pay(14001)).body.message).toBe(
      "Tendered amount can't be more then 100 over the payment amount",
    );
    expect(await paymentsOf(c.id)).toEqual([]);
    const ok = await pay(14000);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ tendered: 140, change: 100, amount: 40 });
  });

  it("five concurrent submits record one payment with the change, and the cart is paid", async () => {
    const token = await desktop(await studentToken(api, "100025"));
    await addFee(token, "Athletic Pass");
    await addFee(token, "Science Lab Goggles");
    const c = await cart(token);
    expect(c.total).toBe(48);
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(api, "POST", "/v1/payment/complete-in-person-transaction", {
          token,
          body: {
            cartId: c.id,
            payNowAmount: 48,
            paymentMethod: "cash",
            tenderedCents: 5000,
            terminalId: "register-1",
          },
        }),
      ),
    );
    for (const r of replies) {
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({
        redirectUrl: "/fees?purchased=1",
        paymentMethod: "cash",
        amount: 48,
        tendered: 50,
        change: 2,
      });
    }
    const rows = await paymentsOf(c.id);
    expect(rows).toEqual([{ method: "cash", amount_cents: 4800, tendered_cents: 5000 }]);
    const receipt = await call(api, "GET", `/v1/cart/${c.id}`, { token });
    expect(receipt.status).toBe(200);
    expect(receipt.body.totalPaid).toBe(48);
    const inPerson = await call(api, "GET", `/v1/payment/in-person/${c.id}`, { token });
    expect(inPerson.body.payment).toEqual({
      paymentMethod: "cash",
      amount: 48,
      tendered: 50,
      change: 2,
      checkNumber: null,
    });
    // The same submit again later answers the first outcome, still one payment.
    const later = await call(api, "POST", "/v1/payment/complete-in-person-transaction", {
      token,
      body: { cartId: c.id, payNowAmount: 48, paymentMethod: "cash", tenderedCents: 5000 },
    });
    expect(later.status).toBe(200);
    expect(await paymentsOf(c.id)).toHaveLength(1);
  });

  it("a partial cash payment pays part of the cart", async () => {
    const token = await desktop(await studentToken(api, "100026"));
    await addFee(token, "Yearbook");
    const c = await cart(token);
    const r = await call(api, "POST", "/v1/payment/complete-in-person-transaction", {
      token,
      body: {
        cartId: c.id,
        payNowAmount: 20,
        paymentType: "partial",
        paymentMethod: "cash",
        tenderedCents: 2000,
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.change).toBe(0);
    const [fee] = await queryRows<{ status: string; paid_cents: number }>(
      db(),
      sql`select status, paid_cents from assessed_fees where cart_id = ${c.id}`,
    );
    expect(fee).toEqual({ status: "partial", paid_cents: 2000 });
  });

  it("a guest goes to the receipt", async () => {
    const token = await desktop(await guestToken(api, "cash-guest@example.org"));
    await addFee(token, "Science Lab Goggles");
    const c = await cart(token);
    const r = await call(api, "POST", "/v1/payment/complete-in-person-transaction", {
      token,
      body: { cartId: c.id, payNowAmount: 8, paymentMethod: "cash", tenderedCents: 1000 },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.redirectUrl).toBe(`/cart-receipt/${c.id}`);
  });
});

describe("in-person check", () => {
  it("needs at least 3 characters; an employee then goes to /instructor/fees", async () => {
    const token = await desktop(await staffToken(api, "instructor"));
    await addFee(token, "Staff Appreciation Lunch");
    const c = await cart(token);
    const pay = (checkNumber?: string) =>
      call(api, "POST", "/v1/payment/complete-in-person-transaction", {
        token,
        body: { cartId: c.id, payNowAmount: 12, paymentMethod: "inPersonCheck", checkNumber },
      });
    const short = await pay("12");
    expect(short.status).toBe(400);
    expect(short.body.message).toBe("Check Number is required and must be at least 3 characters.");
    const replies = await Promise.all([
      pay("1234"),
      pay("1234"),
      pay("1234"),
      pay("1234"),
      pay("1234"),
    ]);
    for (const r of replies) {
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({
        redirectUrl: `/instructor/fees?purchased=${c.id}`,
        checkNumber: "1234",
        tendered: null,
      });
    }
    expect(await paymentsOf(c.id)).toHaveLength(1);
  });
});

describe("card reader", () => {
  it("the intent amount is the cart total in cents, one intent per cart and amount", async () => {
    const token = await desktop(await studentToken(api, "100027"));
    await addFee(token, "Athletic Pass");
    await addFee(token, "Science Lab Goggles", { quantity: 2 });
    const c = await cart(token);
    expect(c.total).toBe(56);
    const first = await call(api, "POST", "/v1/payment/create-terminal-payment-intent", {
      token,
      body: { cartId: c.id, payNowAmount: 56 },
    });
    expect(first.status).toBe(200);
    expect(first.body.cart.total).toBe(5600);
    expect(first.body.cart.currency).toBe("usd");
    expect(
      first.body.cart.lineItems.reduce((s: number, l: { amount: number }) => s + l.amount, 0),
    ).toBe(5600);
    const [sim] = await queryRows<{ amount_cents: number }>(
      db(),
      sql`select amount_cents from sim_objects where id = ${first.body.paymentIntentId}`,
    );
    expect(sim!.amount_cents).toBe(5600);
    // A double tap gets the same intent.
    const second = await call(api, "POST", "/v1/payment/create-terminal-payment-intent", {
      token,
      body: { cartId: c.id, payNowAmount: 56 },
    });
    expect(second.body.paymentIntentId).toBe(first.body.paymentIntentId);
    const wrong = await call(api, "POST", "/v1/payment/create-terminal-payment-intent", {
      token,
      body: { cartId: c.id, payNowAmount: 55 },
    });
    expect(wrong.status).toBe(409);
  });

  it("records one charge after the reader processed the card, under five concurrent completes", async () => {
    const token = await desktop(await studentToken(api, "100028"));
    await addFee(token, "Athletic Pass");
    const c = await cart(token);
    const intent = await call(api, "POST", "/v1/payment/create-terminal-payment-intent", {
      token,
      body: { cartId: c.id, payNowAmount: 40 },
    });
    const id = intent.body.paymentIntentId as string;
    const complete = () =>
      call(api, "POST", "/v1/payment/complete-in-person-transaction", {
        token,
        body: {
          cartId: c.id,
          payNowAmount: 40,
          paymentMethod: "terminal",
          paymentIntentId: id,
          terminalId: "tmr_sim",
        },
      });
    // Not yet presented on the reader: nothing is recorded.
    const early = await complete();
    expect(early.status).toBe(402);
    expect(early.body.message).toBe("Card is not ready to process");
    const processed = await call(api, "POST", `/v1/payment/simulator/reader/${id}/process`, {
      token,
    });
    expect(processed.body).toEqual({ status: "succeeded", amount: 4000 });
    const replies = await Promise.all(Array.from({ length: 5 }, complete));
    for (const r of replies) {
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ paymentMethod: "terminal", amount: 40 });
    }
    expect(await paymentsOf(c.id)).toEqual([
      { method: "terminal", amount_cents: 4000, tendered_cents: null },
    ]);
    const [rec] = await queryRows<{ payment_id: number | null; terminal_id: string }>(
      db(),
      sql`select payment_id, terminal_id from terminal_payments where payment_intent_id = ${id}`,
    );
    expect(rec!.payment_id).not.toBeNull();
    expect(rec!.terminal_id).toBe("tmr_sim");
  });

  it("another person's reader payment cannot pay this cart", async () => {
    const a = await desktop(await studentToken(api, "100029"));
    const b = await desktop(await studentToken(api, "100030"));
    await addFee(a, "Athletic Pass");
    await addFee(b, "Athletic Pass");
    const ca = await cart(a);
    const cb = await cart(b);
    const ia = await call(api, "POST", "/v1/payment/create-terminal-payment-intent", {
      token: a,
      body: { cartId: ca.id, payNowAmount: 40 },
    });
    const id = ia.body.paymentIntentId as string;
    expect(
      (await call(api, "POST", `/v1/payment/simulator/reader/${id}/process`, { token: b })).status,
    ).toBe(404);
    await call(api, "POST", `/v1/payment/simulator/reader/${id}/process`, { token: a });
    const r = await call(api, "POST", "/v1/payment/complete-in-person-transaction", {
      token: b,
      body: { cartId: cb.id, payNowAmount: 40, paymentMethod: "terminal", paymentIntentId: id },
    });
    expect(r.status).toBe(400);
    expect(await paymentsOf(cb.id)).toEqual([]);
  });
});
