// "Add all fees" over HTTP (POST /v1/cart/assessed-fees): every assessed fee with a balance goes
// into the caller's cart in one call and one transaction; a second call, or five at once, change
// nothing more; nobody adds another family's fees; a refused call writes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import {
  call,
  guestToken,
  staffToken,
  startTestApi,
  studentToken,
  type TestApi,
} from "../support/api";
import { databaseDigest } from "../support/db-digest";
import { queryRows } from "../../district-api/db/client";

let api: TestApi;
const STUDENTS = ["100021", "100022", "100023", "100024", "100025", "100026"];
beforeAll(async () => {
  api = await startTestApi();
  // These students start with no assessed fees (the demo seed assesses some): each test assesses
  // its own.
  await db().execute(
    sql`delete from assessed_fees where payer_key in ${sql.raw(
      `(${STUDENTS.map((s) => `'student:${s}'`).join(", ")})`,
    )}`,
  );
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

/** Assesses a fee to a student; returns the assessed fee's id. */
async function assess(
  student: string,
  feeName: string,
  cents: { cost: number; paid?: number },
  extra: { selfAssessed?: boolean } = {},
): Promise<number> {
  const paid = cents.paid ?? 0;
  const status = paid >= cents.cost ? "paid" : paid > 0 ? "partial" : "due";
  const [row] = await queryRows<{ id: number }>(
    db(),
    sql`insert into assessed_fees (fee_id, payer_key, participant_id, status, assessed_cost_cents,
          paid_cents, quantity, allow_partial, self_assessed, assessed_at)
        values (${await feeId(feeName)}, ${`student:${student}`}, ${Number(student)}, ${status},
          ${cents.cost}, ${paid}, 1, true, ${extra.selfAssessed ?? false}, now())
        returning id`,
  );
  return Number(row!.id);
}

/** The cart rows of the student's open cart, as (assessed fee, cost) pairs, sorted. */
async function cartFees(student: string) {
  return queryRows<{ assessed_fee_id: number | null; cost_cents: number; cart_id: number }>(
    db(),
    sql`select i.assessed_fee_id, i.cost_cents, i.cart_id from cart_items i
        join carts c on c.id = i.cart_id
        where c.owner_key = ${`student:${student}`} and c.status in ('OPEN', 'PROCESSING')
        order by i.assessed_fee_id`,
  );
}

const addAll = (token: string) => call(api, "POST", "/v1/cart/assessed-fees", { token });

describe("add all assessed fees in one call", () => {
  it("adds every fee with a balance, at that balance, in one call; paid and self-bought fees stay out", async () => {
    const due = await assess("100021", "Chemistry Lab Fee", { cost: 3500 });
    const partial = await assess("100021", "Technology Fee", { cost: 10000, paid: 4000 });
    await assess("100021", "Athletic Pass", { cost: 4000, paid: 4000 });
    await assess("100021", "Science Lab Goggles", { cost: 800, paid: 300 }, { selfAssessed: true });
    const token = await studentToken(api, "100021");
    const r = await addAll(token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.added).toEqual([due, partial].sort((a, b) => a - b));
    expect(
      (await cartFees("100021")).map((i) => [Number(i.assessed_fee_id), Number(i.cost_cents)]),
    ).toEqual(
      [
        [due, 3500],
        [partial, 6000],
      ].sort((a, b) => a[0]! - b[0]!),
    );
    const cart = await call(api, "GET", "/v1/cart", { token });
    expect(cart.body.total).toBe(95);
    expect(cart.body.cartTimeout).not.toBeNull();
  });

  it("a second call changes nothing", async () => {
    const token = await studentToken(api, "100021");
    const before = await databaseDigest(db(), ["carts", "cart_items", "assessed_fees", "payments"]);
    const r = await addAll(token);
    expect(r.status).toBe(200);
    expect(r.body.added).toEqual([]);
    expect(
      await databaseDigest(db(), ["carts", "cart_items", "assessed_fees", "payments"]),
    ).toEqual(before);
  });

  it("leaves a fee already in the cart alone and adds the others", async () => {
    const a = await assess("100022", "Chemistry Lab Fee", { cost: 3500 });
    const b = await assess("100022", "Technology Fee", { cost: 10000 });
    const token = await studentToken(api, "100022");
    const one = await call(api, "PUT", "/v1/fees/add-to-cart", {
      token,
      body: { feeId: await feeId("Chemistry Lab Fee"), assessedFeeId: a },
    });
    expect(one.status).toBe(200);
    const r = await addAll(token);
    expect(r.body.added).toEqual([b]);
    expect((await cartFees("100022")).map((i) => Number(i.assessed_fee_id))).toEqual([a, b]);
  });

  it("another family's token adds none of someone else's fees", async () => {
    const theirs = await assess("100023", "Chemistry Lab Fee", { cost: 3500 });
    const mine = await assess("100024", "Technology Fee", { cost: 10000 });
    const r = await addAll(await studentToken(api, "100024"));
    expect(r.body.added).toEqual([mine]);
    // A body naming someone else's fee is not read.
    const crafted = await call(api, "POST", "/v1/cart/assessed-fees", {
      token: await studentToken(api, "100024"),
      body: { assessedFeeId: theirs, payerKey: "student:100023" },
    });
    expect(crafted.body.added).toEqual([]);
    expect((await cartFees("100024")).map((i) => Number(i.assessed_fee_id))).toEqual([mine]);
    expect(await cartFees("100023")).toEqual([]);
    const [inAnyCart] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from cart_items where assessed_fee_id = ${theirs}`,
    );
    expect(Number(inAnyCart!.n)).toBe(0);
    // A guest and an employee have no assessed fees: nothing is added and no cart is opened.
    for (const token of [
      await guestToken(api, "allfees@example.org"),
      await staffToken(api, "instructor"),
    ]) {
      const before = await databaseDigest(db(), ["carts", "cart_items"]);
      const g = await addAll(token);
      expect(g.status).toBe(200);
      expect(g.body.added).toEqual([]);
      expect(await databaseDigest(db(), ["carts", "cart_items"])).toEqual(before);
    }
  });

  it("the same request five times at once puts each fee in the cart once", async () => {
    const ids = [
      await assess("100025", "Chemistry Lab Fee", { cost: 3500 }),
      await assess("100025", "Technology Fee", { cost: 10000, paid: 2500 }),
      await assess("100025", "Athletic Pass", { cost: 4000 }),
    ].sort((a, b) => a - b);
    const token = await studentToken(api, "100025");
    const replies = await Promise.all(Array.from({ length: 5 }, () => addAll(token)));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    // Exactly one call added them all; the others found them in the cart.
    const added = replies.map((r) => r.body.added as number[]).filter((a) => a.length);
    expect(added).toEqual([ids]);
    const rows = await cartFees("100025");
    expect(rows.map((i) => Number(i.assessed_fee_id))).toEqual(ids);
    expect(new Set(rows.map((i) => Number(i.cart_id))).size).toBe(1);
    const [carts] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from carts where owner_key = 'student:100025'`,
    );
    expect(Number(carts!.n)).toBe(1);
  });

  it("a cart being paid refuses, and the refusal writes nothing", async () => {
    const first = await assess("100026", "Chemistry Lab Fee", { cost: 3500 });
    const token = await studentToken(api, "100026");
    const one = await call(api, "PUT", "/v1/fees/add-to-cart", {
      token,
      body: { feeId: await feeId("Chemistry Lab Fee"), assessedFeeId: first },
    });
    expect(one.status).toBe(200);
    await assess("100026", "Technology Fee", { cost: 10000 });
    // A card payment of the cart is in flight.
    const [cart] = await queryRows<{ id: number }>(
      db(),
      sql`select id from carts where owner_key = 'student:100026' and status = 'OPEN'`,
    );
    await db().execute(sql`update carts set status = 'PROCESSING' where id = ${cart!.id}`);
    await db().execute(
      sql`insert into payments (owner_key, cart_id, method, payment_type, amount_cents, status,
            idempotency_key, created_at)
          values ('student:100026', ${cart!.id}, 'stripe', 'full', 3500, 'processing',
            ${`test:${cart!.id}`}, ${api.clock.now()})`,
    );
    const before = await databaseDigest(db());
    const r = await addAll(token);
    expect(r.status).toBe(409);
    expect(r.body.message).toBeTruthy();
    expect(await databaseDigest(db())).toEqual(before);
  });
});
