// Whether a staff username can be told apart by timing (decision 136): the median and 95th
// percentile time of a failed staff sign-in for an existing username and for an unknown one,
// each from its own address so no limit refuses it before the password is compared. Both should
// cost one scrypt comparison.
// Usage: npx tsx scripts/bench/staff-signin-timing.ts [--runs 24]
import { call, startTestApi } from "../../tests/support/api";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = arg("runs", 24);

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return `median ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms`;
}

async function main() {
  const api = await startTestApi();
  try {
    let address = 0;
    const attempt = async (username: string) => {
      const started = performance.now();
      const r = await call(api, "POST", "/v1/instructor", {
        body: { username, password: "not-the-password" },
        headers: { "X-Forwarded-For": `10.77.${(++address >> 8) & 255}.${address & 255}` },
      });
      if (r.status !== 401) throw new Error(`expected 401, got ${r.status}`);
      return performance.now() - started;
    };
    // Interleaved, each username at most four times (the fifth failure would lock it).
    const existing: number[] = [];
    const unknown: number[] = [];
    const names = ["instructor", "feeadmin", "proposer", "instructor2", "admin", "office"];
    for (let i = 0; i < RUNS; i++) {
      const name = names[i % names.length]!;
      if (Math.floor(i / names.length) >= 4) break;
      existing.push(await attempt(name));
      unknown.push(await attempt(`nobody-${i}`));
    }
    console.log(`failed staff sign-in, existing username: ${stats(existing)} (${existing.length})`);
    console.log(`failed staff sign-in, unknown username:  ${stats(unknown)} (${unknown.length})`);
  } finally {
    await api.close();
  }
}

await main();
