// Calls and reads the household cart tests share (decision 167): a fee into the caller's cart,
// the caller's cart, the gather, and a digest of every cart that a refused call must leave as it was.
import { expect } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "../../district-api/db/client";
import { call, type TestApi } from "./api";

export interface HouseholdCartLine {
  id: number;
  name: string;
  cost: number;
  forPerson: { key: string; firstName: string } | null;
}

export function householdCartCalls(api: () => TestApi) {
  const db = () => api().runtime.deps.db;

  async function feeId(name: string): Promise<number> {
    const [row] = await queryRows<{ id: number }>(
      db(),
      sql`select id from fees where name = ${name}`,
    );
    return Number(row!.id);
  }

  return {
    feeId,
    async addFee(token: string, fee: string, quantity = 1) {
      const r = await call(api(), "PUT", "/v1/fees/add-to-cart", {
        token,
        body: { feeId: await feeId(fee), quantity },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    },
    async cartOf(token: string) {
      return (await call(api(), "GET", "/v1/cart", { token })).body as {
        id: number;
        total: number;
        cartTimeout: string | null;
        cartItems: HouseholdCartLine[];
      };
    },
    gather: (token: string, children: string[]) =>
      call(api(), "POST", "/v1/cart/household", { token, body: { children } }),
    /** Every cart line, cart and payment: what a refused call must leave as it was. */
    async cartsDigest(): Promise<string> {
      const [row] = await queryRows<{ d: string }>(
        db(),
        sql`select coalesce((select string_agg(id || ':' || cart_id || ':' || for_key, ',' order by id)
                              from cart_items), '-') || '|' ||
                   coalesce((select string_agg(id || status || coalesce(expires_at::text, ''), ','
                              order by id) from carts), '-') ||
                   coalesce((select string_agg(id || status, ',' order by id) from payments), '-') as d`,
      );
      return row!.d;
    },
  };
}
