// The district API's prepared statements (db/client.ts preparedRows), on the database this run uses
// (PGlite, or PostgreSQL with INTEGRATION_DB=postgres): values come back exactly as given, quotes
// and backslashes included (PGlite runs them as literals of EXECUTE), a name keeps one text, and
// concurrent first calls prepare once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { startTestApi, type TestApi } from "../support/api";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ seed: false });
});
afterAll(async () => {
  await api?.close();
});

const rows = <T>(name: string, statement: ReturnType<typeof sql>) =>
  api.runtime.deps.preparedRows<T>(name, statement);

describe("prepared statements", () => {
  const echo = (n: number, b: boolean, s: string | null, d: Date) =>
    rows<{ n: number; b: boolean; s: string | null; d: string }>(
      "echo_values",
      sql`select ${n}::integer as n, ${b}::boolean as b, ${s}::text as s,
            to_char(${d}::timestamptz at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as d`,
    );

  it.each([
    ["plain text", "Summer Band"],
    ["quotes", "O'Brien's ''quoted'' name"],
    ["backslashes", "C:\\path\\to\\file \\' \\\\"],
    ["an injection attempt", "x'); drop table settings; --"],
    ["unicode", "Nguyễn Thị Minh Khai 😀"],
    ["empty", ""],
  ])("returns %s exactly", async (_what, text) => {
    const at = new Date("2027-06-07T15:04:05.678Z");
    const [row] = await echo(42, true, text, at);
    expect(row).toEqual({ n: 42, b: true, s: text, d: "2027-06-07T15:04:05.678Z" });
  });

  it("takes null and other values on later calls", async () => {
    const [row] = await echo(-7, false, null, new Date(0));
    expect(row).toEqual({ n: -7, b: false, s: null, d: "1970-01-01T00:00:00.000Z" });
    const [still] = await rows<{ n: number }>(
      "settings_there",
      sql`select count(*)::int as n from settings`,
    );
    expect(still!.n).toBeGreaterThanOrEqual(0);
  });

  it("refuses another text under the same name", async () => {
    await rows("one_text", sql`select ${1}::int as v`);
    await expect(rows("one_text", sql`select ${1}::int + 1 as v`)).rejects.toThrow();
  });

  it("prepares once when several first calls come together", async () => {
    const all = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        rows<{ v: number }>("concurrent_first", sql`select ${i}::int * 2 as v`),
      ),
    );
    expect(all.map((r) => r[0]!.v)).toEqual(Array.from({ length: 10 }, (_, i) => i * 2));
  });

  it("keeps its plan: later calls are not planned again", async () => {
    // PostgreSQL (and PGlite) switch a prepared statement to its generic plan after five custom
    // ones; pg_prepared_statements counts them.
    for (let i = 0; i < 8; i++) {
      await rows("plan_reuse", sql`select count(*)::int as n from settings where id = ${i}`);
    }
    if (api.runtime.deps.dbKind === "pglite") {
      const [stats] = await rows<{ generic: number; custom: number }>(
        "plan_reuse_stats",
        sql`select generic_plans::int as generic, custom_plans::int as custom
            from pg_prepared_statements where name = ${"plan_reuse"}`,
      );
      expect(stats!.generic).toBeGreaterThan(0);
    }
  });
});
