// Vitest's global setup (it runs outside the test runner, so it imports nothing from "vitest"):
// dumps one migrated database with the demo data for the run, removed after it. See
// tests/support/pglite-snapshot.ts for why.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../district-api/db/client";
import { migrate } from "../../district-api/db/migrate";
import { seedIfEmpty } from "../../district-api/db/seed";

export default async function setup(project: TestProject) {
  if (process.env.INTEGRATION_DB === "postgres") {
    project.provide("pgliteDemoSnapshot", "");
    return;
  }
  const dir = await mkdtemp(path.join(tmpdir(), "pglite-snapshot-"));
  const file = path.join(dir, "demo.tar.gz");
  const database = await openDatabase({});
  await migrate(database);
  await seedIfEmpty(database.db);
  const dump = await database.dumpDataDir!();
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide("pgliteDemoSnapshot", file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
