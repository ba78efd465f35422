import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { CART_MOVES, moveCart, moveCarts } from "../../district-api/services/cart-status";

function recordingTx(rows: { id: number }[] = [{ id: 7 }]) {
  const dialect = new PgDialect();
  const statements: { sql: string; params: unknown[] }[] = [];
  return {
    statements,
    execute: async (query: ReturnType<typeof sql>) => {
      const q = dialect.sqlToQuery(query);
      statements.push({ sql: q.sql.replace(/\s+/g, " "), params: q.params });
      return { rows };
    },
  };
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
    expect(await moveCarts(recordingTx() as never, "OPEN", "EXPIRED", sql`true`)).toEqual([7]);
  });
});
