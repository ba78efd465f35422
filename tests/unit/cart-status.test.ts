import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pg-proxy";
import { CART_MOVES, moveCart, moveCarts } from "../../district-api/services/cart-status";

/** A database that answers every statement with `rows` and records it: drizzle's proxy driver. */
function recordingTx(rows: { id: number }[] = [{ id: 7 }]) {
  const statements: { sql: string; params: unknown[] }[] = [];
  const db = drizzle(async (query, params, method) => {
    statements.push({ sql: query.replace(/\s+/g, " "), params });
    // The builder's selects read each row as its values in order; raw statements as objects.
    return { rows: method === "all" ? rows.map((r) => Object.values(r)) : rows };
  });
  const raw = db.execute.bind(db);
  // PGlite and node-postgres answer a raw statement with `{ rows }`, as queryRows reads it.
  return Object.assign(db, {
    statements,
    execute: async (query: Parameters<typeof raw>[0]) => ({ rows: await raw(query) }),
  });
}

describe("cart status", () => {
  it("has final statuses that go nowhere", () => {
    expect(CART_MOVES.PAID).toEqual([]);
    expect(CART_MOVES.MAIL).toEqual([]);
    expect(CART_MOVES.EXPIRED).toEqual([]);
    expect(CART_MOVES.PROCESSING).toEqual(["PAID", "OPEN"]);
  });

  it("moves a cart only from the statuses that lead to the new one", async () => {
    const tx = recordingTx();
    expect(await moveCart(tx as never, 7, "PAID", sql`paid_at = ${"now"}`)).toBe(true);
    expect(tx.statements[0]!.sql).toBe(
      "update carts set status = $1, paid_at = $2 where id = $3 and status in ($4, $5) returning id",
    );
    expect(tx.statements[0]!.params).toEqual(["PAID", "now", 7, "OPEN", "PROCESSING"]);
    const none = recordingTx([]);
    expect(await moveCart(none as never, 7, "OPEN")).toBe(false);
    expect(none.statements[0]!.params).toEqual(["OPEN", 7, "PROCESSING"]);
  });

  it("refuses a move the table does not allow", async () => {
    await expect(moveCarts(recordingTx() as never, "EXPIRED", "OPEN", sql`true`)).rejects.toThrow(
      "a cart does not go from EXPIRED to OPEN",
    );
    const tx = recordingTx();
    expect(await moveCarts(tx as never, "OPEN", "EXPIRED", sql`true`)).toEqual([7]);
    expect(tx.statements).toEqual([
      {
        sql: 'update "carts" set "status" = $1 where ("carts"."status" = $2 and true) returning "id"',
        params: ["EXPIRED", "OPEN"],
      },
    ]);
  });
});
