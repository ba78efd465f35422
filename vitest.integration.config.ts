import { defineConfig } from "vitest/config";
import { alias } from "./vitest.shared";

export default defineConfig({
  resolve: { alias },
  test: {
    include: ["tests/integration/**/*.test.ts"],
    environment: "node",
    globalSetup: [
      "tests/support/compiled-messages-setup.ts",
      "tests/support/pglite-snapshot-setup.ts",
    ],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    // A worker process runs its files one after another without being replaced (isolate: false):
    // each file still starts its own district API on its own database, but the process's modules
    // (the API, PGlite's WebAssembly) are loaded once per worker instead of once per file.
    poolOptions: { forks: { maxForks: 2, minForks: 1, isolate: false } },
  },
});
