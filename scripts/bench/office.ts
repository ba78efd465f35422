// The business office's mailed-check list over many promises (decision 123): prints the
// median and 95th-percentile time of the list's calls (a page of open promises, a search by name,
// by confirmation number, the overdue filter, the overview's figures) and of recording a check,
// on PGlite, or on PostgreSQL with INTEGRATION_DB=postgres TEST_DATABASE_URL=….
// Usage: npm run bench:office [-- --promises 100000]
import { sql } from "drizzle-orm";
import { call, staffToken, startTestApi } from "../../tests/support/api";
import { queryRows } from "../../district-api/db/client";
import { todayIn } from "@domain/rules/time";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const PROMISES = arg("promises", 100_000);
const RUNS = arg("runs", 30);

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms`;
}

async function main() {
  const api = await startTestApi();
  try {
    const db = api.runtime.deps.db;
    const token = await staffToken(api, "office");
    const started = performance.now();
    // Promises spread over a year, on the seeded registrations; a quarter already received.
    await db.execute(sql`insert into payments (owner_key, registration_id, method, amount_cents,
        status, idempotency_key, confirmation_id, created_at)
      select 'student:' || r.participant_id, r.id, 'mail', 1000 + (g % 50) * 100,
        case when g % 4 = 0 then 'succeeded' else 'pending' end, 'bench-' || g,
        'B' || lpad(g::text, 7, '0'), now() - (g % 365) * interval '1 day'
      from generate_series(1, ${PROMISES}) g
        join lateral (select id, participant_id from registrations
          order by id offset (g % (select count(*) from registrations)) limit 1) r on true`);
    await db.execute(sql`analyze payments`);
    const [n] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from payments where method = 'mail'`,
    );
    const [name] = await queryRows<{ last: string }>(
      db,
      sql`select pa.name_last as last from registrations r join participants pa on pa.id = r.participant_id limit 1`,
    );
    console.log(
      `${process.env.INTEGRATION_DB === "postgres" ? "PostgreSQL" : "PGlite"}: ${n!.n} promises ` +
        `(${((performance.now() - started) / 1000).toFixed(1)} s to load)`,
    );
    const cases: [string, string][] = [
      ["open promises, page 1", "/v1/office/checks?status=open"],
      ["open promises, page 40", "/v1/office/checks?status=open&page=40"],
      ["search by family name", `/v1/office/checks?status=all&q=${encodeURIComponent(name!.last)}`],
      ["search by confirmation", "/v1/office/checks?status=all&q=B0054321"],
      ["overdue filter", "/v1/office/checks?status=overdue"],
      ["overview figures", "/v1/office/summary"],
    ];
    for (const [label, path] of cases) {
      const ms: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        const r = await call(api, "GET", path, { token });
        ms.push(performance.now() - t0);
        if (r.status !== 200) throw new Error(`${path} → ${r.status}`);
      }
      console.log(`${label.padEnd(26)} ${stats(ms)}`);
    }
    const open = await queryRows<{ id: number; amount_cents: number }>(
      db,
      sql`select id, amount_cents from payments where method = 'mail' and status = 'pending'
          order by id limit ${RUNS}`,
    );
    const today = todayIn(api.runtime.deps.timeZone, new Date());
    const ms: number[] = [];
    for (const p of open) {
      const t0 = performance.now();
      const r = await call(api, "POST", `/v1/office/checks/${p.id}/receive`, {
        token,
        body: { checkNumber: "1001", amountCents: 500, receivedOn: today },
      });
      ms.push(performance.now() - t0);
      if (r.status !== 201) throw new Error(`receive → ${r.status} ${JSON.stringify(r.body)}`);
    }
    console.log(`${"record a check".padEnd(26)} ${stats(ms)}`);
  } finally {
    await api.close();
  }
}

await main();
