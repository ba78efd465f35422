// One migrated, seeded embedded database per test run. Making a PGlite database from nothing
// (initdb in WebAssembly, the migrations, the demo data) takes about six seconds of a core; loading
// a dump of one takes under two. The global setup (pglite-snapshot-setup.ts) makes the dump once;
// each test file's database starts from it, so every file still has a database of its own.
import { readFile } from "node:fs/promises";
// Only a type here: vitest's module may be loaded only under its runner, and the benchmarks
// (scripts/bench/) start the same test API outside it.
import type {} from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** The dump's file, or "" where the suite runs on PostgreSQL. */
    pgliteDemoSnapshot: string;
  }
}

/** The run's dump of the demo database, or undefined (PostgreSQL, a bench, no global setup). */
export async function demoSnapshot(): Promise<Blob | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import("vitest");
  const file = inject("pgliteDemoSnapshot");
  return file ? new Blob([await readFile(file)]) : undefined;
}
