// Assessing one fee to many students (decision 121), through the district API
// over HTTP as an administrator: generates the students, then times the preview and the
// assessment of a fee to all of them by a list of IDs and by their schools, and a repeat (which
// must charge nobody). Prints the timings and checks each student was charged once.
//
//   npm run bench:assess-fee [-- --students 50000]
//
// Embedded PGlite by default. With DATABASE_URL, a fresh database is created on that server.
import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { startDistrictApi } from "../../district-api/runtime";
import { createLogger } from "../../district-api/logger";
import { queryRows } from "../../district-api/db/client";
import { seedStudents } from "../../district-api/db/seed/core";
import { createScratchDatabase } from "../../district-api/db/scratch-database";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isFinite(v) && v > 0 ? Math.floor(v) : fallback;
}

const STUDENTS = arg("students", 50_000);

async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  const pgDb = adminUrl ? await createScratchDatabase(adminUrl, "assess") : null;
  const runtime = await startDistrictApi({
    databaseUrl: pgDb?.url,
    outboxDir: await mkdtemp(path.join(tmpdir(), "assess-")),
    secret: randomBytes(16).toString("hex"),
    logger: createLogger("silent"),
    poolSize: 10,
    backgroundJobs: false,
  });
  const server = runtime.app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const seeding = performance.now();
    await seedStudents(runtime.deps.db, STUDENTS);
    const db = runtime.deps.db;
    // Some aid and passes, so the prices differ.
    await db.execute(sql`update participants set
        financial_aid = case when id % 10 = 0 then 'free' when id % 10 = 1 then 'reduced' end,
        activity_pass = (id % 7 = 0)
      where kind = 'student' and id > 100100`);
    const ids = (
      await queryRows<{ id: number }>(
        db,
        sql`select id from participants where kind = 'student' order by id limit ${STUDENTS}`,
      )
    ).map((r) => Number(r.id));
    console.log(
      `database: ${pgDb ? "PostgreSQL" : "PGlite"}; ${ids.length} students ready in ` +
        `${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );

    const call = async (method: string, p: string, token?: string, body?: unknown) => {
      const res = await fetch(base + p, {
        method,
        headers: {
          "Content-Type": "application/json",
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await res.json()) as Record<string, unknown>;
      if (res.status >= 300)
        throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    };
    const login = await call("POST", "/v1/instructor", undefined, {
      username: "admin",
      password: "admin-demo",
    });
    const token = String(login.accessToken);
    const fee = (name: string) =>
      call("POST", "/v1/admin/fees", token, {
        name,
        description: "",
        feeType: "Optional",
        schoolId: null,
        schoolYearId: null,
        feeGroupId: null,
        accountCode: null,
        amountCents: 2500,
        isDonation: false,
        maxQuantity: 1,
        allowPartial: true,
        free: { amountCents: 0, quantity: null },
        reduced: { amountCents: 1000, quantity: null },
        activity: { amountCents: 2000, quantity: null },
        allowStudent: true,
        allowEmployee: false,
        allowCommunityMember: false,
        allowGuest: false,
        saleStart: null,
        saleEnd: null,
        active: true,
        questions: [],
      });

    const time = async <T>(label: string, fn: () => Promise<T>): Promise<T> => {
      const t0 = performance.now();
      const out = await fn();
      console.log(`${label.padEnd(44)} ${(performance.now() - t0).toFixed(0).padStart(7)} ms`);
      return out;
    };

    const targets = [
      ["by a list of IDs", { by: "students", studentIds: ids }],
      ["by school (1 and 2)", null],
    ] as const;
    for (const [label, target] of targets) {
      const { id } = (await fee(`Bench fee ${label}`)) as { id: number };
      const runs = target
        ? [target]
        : [
            { by: "group", grade: null, schoolId: 1 },
            { by: "group", grade: null, schoolId: 2 },
          ];
      let charged = 0;
      let total = 0;
      for (const t of runs) {
        const preview = await time(
          `preview ${label} ${t.by === "group" ? `school ${t.schoolId}` : ""}`,
          () => call("POST", `/v1/admin/fees/${id}/assess/preview`, token, { target: t }),
        );
        const done = await time(
          `assess  ${label} ${t.by === "group" ? `school ${t.schoolId}` : ""}`,
          () => call("POST", `/v1/admin/fees/${id}/assess`, token, { target: t }),
        );
        if (done.assessed !== preview.count || done.totalCents !== preview.totalCents) {
          throw new Error(`preview ${JSON.stringify(preview.count)} ≠ assessed ${done.assessed}`);
        }
        charged += Number(done.assessed);
        total += Number(done.totalCents);
      }
      const again = await time(`repeat  ${label} (charges nobody)`, () =>
        call("POST", `/v1/admin/fees/${id}/assess`, token, { target: runs[0] }),
      );
      const [rows] = await queryRows<{ n: number; people: number }>(
        db,
        sql`select count(*)::int as n, count(distinct participant_id)::int as people
            from assessed_fees where fee_id = ${id}`,
      );
      console.log(
        `  charged ${charged} students $${(total / 100).toFixed(2)}; repeat charged ` +
          `${String(again.assessed)}; rows ${rows!.n}, distinct students ${rows!.people}`,
      );
      if (again.assessed !== 0 || rows!.n !== rows!.people || rows!.n !== charged) {
        throw new Error("a student was charged twice or not at all");
      }
    }
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await runtime.close();
    await pgDb?.drop().catch(() => undefined);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
