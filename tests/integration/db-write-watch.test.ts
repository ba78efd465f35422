// The refusal check of the contract fuzz and the bad-input tests (tests/support/db-digest.ts):
// the whole-database digest is taken only when some transaction wrote since the last one, which
// the database's transaction counter tells in one cheap query. A read moves nothing; a write to a
// watched table is seen; a write only to a table refusals may write is not counted.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { call, startTestApi, usingPostgres, type TestApi } from "../support/api";
import { tableNames, watchWrites } from "../support/db-digest";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ backgroundJobs: false });
});
afterAll(async () => {
  await api?.close();
});

describe("the write watch", () => {
  it("takes no digest after reads, and sees a write to any watched table", async () => {
    const db = api.runtime.deps.db;
    const watch = await watchWrites(db, await tableNames(db));
    const taken = watch.digests;

    await db.execute(sql`select count(*) from schools`);
    await db.execute(sql`select * from staff`);
    expect(await watch.wroteSinceLast()).toBe(false);
    // A PostgreSQL server's transaction counter is shared by all its databases, and the other test
    // files write to theirs meanwhile, so there a digest may be taken (and finds nothing changed);
    // on the embedded database nothing else writes, and reads alone take none.
    if (!usingPostgres) expect(watch.digests).toBe(taken);

    await db.execute(sql`update schools set full_name = full_name
      where id = (select min(id) from schools)`);
    expect(await watch.wroteSinceLast()).toBe(true);
    expect(await watch.wroteSinceLast()).toBe(false);

    await db.execute(sql`insert into schools (short_name, full_name) values ('WW', 'Write Watch')`);
    expect(await watch.wroteSinceLast()).toBe(true);
    await db.execute(sql`delete from schools where short_name = 'WW'`);
    expect(await watch.wroteSinceLast()).toBe(true);
  });

  it("does not count a write only to the tables a refusal may write (a failed sign-in)", async () => {
    const db = api.runtime.deps.db;
    const watch = await watchWrites(db, await tableNames(db));
    const taken = watch.digests;
    const refused = await call(api, "POST", "/v1/student", {
      body: { studentId: "100001", dob: "2001-01-01" },
    });
    expect(refused.status).toBe(401);
    expect(await watch.wroteSinceLast()).toBe(false);
    // The failure was counted (the mark moved), so the digest was taken and compared.
    expect(watch.digests).toBe(taken + 1);
  });
});
