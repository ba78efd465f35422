// GET /v1/cart/count, the header's badge on every page: the caller's own cart only, the same
// number GET /v1/cart/ shows, and a pure read (no cart created, nothing released). Releasing carts
// whose time is up is the sweeper's job.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { CartCount } from "@domain/contract/cart";
import {
  call,
  guestToken,
  staffToken,
  startTestApi,
  studentToken,
  type TestApi,
} from "../support/api";
import { queryRows } from "../../district-api/db/client";
import { sweepOnce } from "../../district-api/services/holds";

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

async function count(token: string): Promise<number> {
  const r = await call(api, "GET", "/v1/cart/count", { token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return CartCount.parse(r.body).count;
}

async function cartsOf(owner: string) {
  return queryRows<{ id: number; status: string }>(
    db(),
    sql`select id, status from carts where owner_key = ${owner} order by id`,
  );
}

async function addFee(token: string, name: string, quantity?: number) {
  const r = await call(api, "PUT", "/v1/fees/add-to-cart", {
    token,
    body: { feeId: await feeId(name), ...(quantity ? { quantity } : {}) },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

describe("GET /v1/cart/count", () => {
  it("needs a signed-in caller", async () => {
    expect((await call(api, "GET", "/v1/cart/count")).status).toBe(401);
    expect((await call(api, "GET", "/v1/cart/count", { token: "not-a-token" })).status).toBe(401);
  });

  it("is 0 for someone without a cart and creates none", async () => {
    const token = await studentToken(api, "100030");
    expect(await count(token)).toBe(0);
    expect(await cartsOf("student:100030")).toEqual([]);
  });

  it("counts units as the cart's quantities do, and only the caller's own cart", async () => {
    const token = await studentToken(api, "100031");
    const other = await studentToken(api, "100032");
    await addFee(token, "Science Lab Goggles", 3);
    await addFee(token, "Athletic Pass");
    const cart = await call(api, "GET", "/v1/cart/", { token });
    const units = cart.body.cartItems.reduce(
      (n: number, i: { quantity: number }) => n + i.quantity,
      0,
    );
    expect(units).toBe(4);
    expect(await count(token)).toBe(4);
    expect(await count(other)).toBe(0);

    // Guests and staff have carts of their own.
    const guest = await guestToken(api, "badge-guest@example.org");
    const staff = await staffToken(api, "instructor");
    expect(await count(guest)).toBe(0);
    await addFee(staff, "Staff Appreciation Lunch");
    expect(await count(staff)).toBe(1);
    expect(await count(token)).toBe(4);
  });

  it("does not write: an expired cart counts as empty but stays as it was until swept", async () => {
    const token = await studentToken(api, "100033");
    await addFee(token, "Science Lab Goggles", 2);
    expect(await count(token)).toBe(2);
    const [before] = await cartsOf("student:100033");
    api.clock.advance(16 * 60_000);
    try {
      expect(await count(token)).toBe(0);
      // The read changed nothing.
      expect(await cartsOf("student:100033")).toEqual([before]);
      // The sweeper releases it without the owner doing anything.
      await sweepOnce(api.runtime.deps);
      const [after] = await cartsOf("student:100033");
      expect(after).toEqual({ id: before!.id, status: "EXPIRED" });
      const [items] = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from cart_items where cart_id = ${before!.id}`,
      );
      expect(Number(items!.n)).toBe(2);
      expect(await count(token)).toBe(0);
    } finally {
      api.clock.reset();
    }
  });

  it("counts a cart while its payment is processing", async () => {
    const token = await studentToken(api, "100034");
    await addFee(token, "Science Lab Goggles");
    const [cart] = await cartsOf("student:100034");
    await db().execute(sql`update carts set status = 'PROCESSING' where id = ${cart!.id}`);
    expect(await count(token)).toBe(1);
    await db().execute(sql`update carts set status = 'PAID' where id = ${cart!.id}`);
    expect(await count(token)).toBe(0);
  });

  it("the sweeper opens a cart left processing by a charge that never finished", async () => {
    const token = await studentToken(api, "100035");
    await addFee(token, "Science Lab Goggles");
    const [cart] = await cartsOf("student:100035");
    await db().execute(sql`update carts set status = 'PROCESSING' where id = ${cart!.id}`);
    await db().execute(
      sql`insert into payments (owner_key, cart_id, method, amount_cents, status, idempotency_key, created_at)
          values ('student:100035', ${cart!.id}, 'stripe', 800, 'processing', 'badge-stuck', ${api.clock.now()})`,
    );
    await sweepOnce(api.runtime.deps);
    expect((await cartsOf("student:100035"))[0]!.status).toBe("PROCESSING");
    api.clock.advance(6 * 60_000);
    try {
      await sweepOnce(api.runtime.deps);
      expect((await cartsOf("student:100035"))[0]!.status).toBe("OPEN");
      expect(await count(token)).toBe(1);
    } finally {
      api.clock.reset();
    }
  });
});
