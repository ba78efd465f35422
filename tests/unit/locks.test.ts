import { describe, expect, it } from "vitest";
import {
  isLockTimeout,
  lockRows,
  lockCommunityRegistration,
} from "../../district-api/services/locks";
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";

/** A transaction that records the statements it is given. */
function recordingTx() {
  const dialect = new PgDialect();
  const statements: string[] = [];
  return {
    statements,
    execute: async (query: ReturnType<typeof sql>) => {
      statements.push(dialect.sqlToQuery(query).sql);
      return { rows: [] };
    },
  };
}

describe("row locks", () => {
  it("set the lock timeout once per transaction and lock with FOR UPDATE", async () => {
    const tx = recordingTx();
    await lockRows(
      tx as never,
      "section",
      sql`select id from course_sections s where s.id = ${"x"}`,
      "s",
    );
    await lockRows(tx as never, "cart", sql`select id from carts where id = ${1}`);
    expect(tx.statements).toEqual([
      "set local lock_timeout = '5s'",
      "select id from course_sections s where s.id = $1 for update of s",
      "select id from carts where id = $1 for update",
    ]);
  });

  it("lock with FOR NO KEY UPDATE when asked (rows others still refer to)", async () => {
    const tx = recordingTx();
    await lockRows(
      tx as never,
      "participant",
      sql`select id from participants where id = ${1}`,
      undefined,
      "no key update",
    );
    await lockRows(
      tx as never,
      "section",
      sql`select id from course_sections s where s.id = ${"x"}`,
      "s",
    );
    expect(tx.statements.slice(1)).toEqual([
      "select id from participants where id = $1 for no key update",
      "select id from course_sections s where s.id = $1 for update of s",
    ]);
  });

  it("refuse a lock asked for out of the documented order", async () => {
    const tx = recordingTx();
    await lockRows(tx as never, "cart", sql`select id from carts where id = ${1}`);
    await expect(
      lockRows(tx as never, "section", sql`select id from course_sections where id = ${"x"}`),
    ).rejects.toThrow('lock order: "section" asked for after "cart"');
    await expect(lockCommunityRegistration(tx as never)).rejects.toThrow(/lock order/);
    // The same kind again (another cart row) is in order.
    await lockRows(tx as never, "cart", sql`select id from carts where id = ${2}`);
  });

  it("keep each transaction's order apart", async () => {
    const one = recordingTx();
    const two = recordingTx();
    await lockRows(one as never, "payment", sql`select id from payments where id = ${1}`);
    await lockRows(two as never, "section", sql`select id from course_sections where id = ${"x"}`);
    expect(two.statements[0]).toBe("set local lock_timeout = '5s'");
  });

  it("know PostgreSQL's lock timeout, also when wrapped", () => {
    expect(isLockTimeout(Object.assign(new Error("lock timeout"), { code: "55P03" }))).toBe(true);
    expect(isLockTimeout(new Error("wrapped", { cause: { code: "55P03" } }))).toBe(true);
    expect(isLockTimeout(Object.assign(new Error("deadlock"), { code: "40P01" }))).toBe(false);
    expect(isLockTimeout(null)).toBe(false);
  });
});
