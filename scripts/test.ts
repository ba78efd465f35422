// `npm test`: every stage of the suite, with each stage's time and the total printed at the end
// (decision 151). The static checks (typecheck, ESLint and Prettier) run beside the unit tests:
// each of them keeps one core busy at most for most of its run, so on two cores the three take
// about as long as the longest of them instead of the sum. The later stages run one after another,
// each filling the two cores itself. A failing stage fails the run and the stages after it do not
// start, as with the `&&` chain this replaces.
// On PostgreSQL (when TEST_DATABASE_URL is set) only the engine-sensitive integration files run
// again (tests/integration/engine-sensitive.ts); every file runs once on embedded PGlite.
// Usage: tsx scripts/test.ts [stage…]   (stages: static, integration, postgres, e2e)
import { spawn } from "node:child_process";
import { writeCompiledCatalogue } from "./build-messages";
import { existsSync } from "node:fs";
import { ENGINE_SENSITIVE } from "../tests/integration/engine-sensitive";

interface Step {
  name: string;
  command: string;
  env?: Record<string, string>;
}

interface Stage {
  name: string;
  /** Steps run at the same time; the stage fails if one of them does. */
  steps: Step[];
  /** Skipped (and said so) when this returns a reason. */
  skip?: () => string | undefined;
}

const npx = (args: string) => `npx --no-install ${args}`;

const postgresFiles = Object.keys(ENGINE_SENSITIVE).map((f) => `tests/integration/${f}`);

const STAGES: Stage[] = [
  {
    name: "static",
    steps: [
      { name: "typecheck", command: "npm run -s typecheck" },
      { name: "lint", command: "npm run -s lint" },
      { name: "unit", command: "npm run -s test:unit" },
    ],
  },
  {
    name: "integration",
    steps: [
      {
        name: "integration (PGlite)",
        command: npx("vitest run --config vitest.integration.config.ts"),
      },
    ],
  },
  {
    name: "postgres",
    skip: () => (process.env.TEST_DATABASE_URL ? undefined : "TEST_DATABASE_URL is not set"),
    steps: [
      {
        name: `integration (PostgreSQL, ${postgresFiles.length} files)`,
        command: npx(`vitest run --config vitest.integration.config.ts ${postgresFiles.join(" ")}`),
        env: { INTEGRATION_DB: "postgres" },
      },
    ],
  },
  {
    name: "e2e",
    steps: [{ name: "browser", command: "npm run -s test:e2e" }],
  },
];

interface Timed {
  name: string;
  seconds: number;
  status: "passed" | "failed" | "skipped" | "not run";
  note?: string;
}

function run(step: Step): Promise<{ code: number; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, {
      shell: true,
      stdio: "inherit",
      env: { ...process.env, ...step.env },
    });
    child.on("exit", (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), seconds: (performance.now() - started) / 1000 }),
    );
  });
}

const clock = (s: number) => {
  const m = Math.floor(s / 60);
  return `${m}:${(s - m * 60).toFixed(1).padStart(4, "0")}`;
};

async function main() {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((w) => !STAGES.some((s) => s.name === w));
  if (unknown.length) {
    console.error(`unknown stage ${unknown.join(", ")}: ${STAGES.map((s) => s.name).join(", ")}`);
    process.exit(2);
  }
  const stages = wanted.length ? STAGES.filter((s) => wanted.includes(s.name)) : STAGES;
  // A renamed or removed file would otherwise drop out of the PostgreSQL run unnoticed.
  const missing = postgresFiles.filter((f) => !existsSync(f));
  if (missing.length) {
    console.error(
      `tests/integration/engine-sensitive.ts names missing files: ${missing.join(", ")}`,
    );
    process.exit(2);
  }
  // The compiled texts every stage reads (decision 170); `npm ci` writes them too (postinstall).
  await writeCompiledCatalogue("en");
  const started = performance.now();
  const rows: Timed[] = [];
  let failed = false;
  for (const stage of stages) {
    if (failed) {
      for (const step of stage.steps) rows.push({ name: step.name, seconds: 0, status: "not run" });
      continue;
    }
    const reason = stage.skip?.();
    if (reason) {
      console.log(`\n== ${stage.name}: skipped (${reason})`);
      for (const step of stage.steps)
        rows.push({ name: step.name, seconds: 0, status: "skipped", note: reason });
      continue;
    }
    console.log(`\n== ${stage.name}: ${stage.steps.map((s) => s.name).join(", ")}`);
    const results = await Promise.all(stage.steps.map(run));
    results.forEach((r, i) => {
      rows.push({
        name: stage.steps[i]!.name,
        seconds: r.seconds,
        status: r.code === 0 ? "passed" : "failed",
      });
      if (r.code !== 0) failed = true;
    });
  }
  const total = (performance.now() - started) / 1000;
  const width = Math.max(...rows.map((r) => r.name.length), 5);
  console.log("\n== npm test: time per stage (steps of one stage ran at the same time)");
  for (const r of rows) {
    const time = r.status === "passed" || r.status === "failed" ? clock(r.seconds) : "";
    console.log(
      `  ${r.name.padEnd(width)}  ${time.padStart(8)}  ${r.status}${r.note ? ` (${r.note})` : ""}`,
    );
  }
  console.log(
    `  ${"total".padEnd(width)}  ${clock(total).padStart(8)}  ${failed ? "FAILED" : "passed"}`,
  );
  process.exit(failed ? 1 : 0);
}

await main();
