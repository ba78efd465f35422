import { defineConfig } from "vitest/config";
import { alias } from "./vitest.shared";

export default defineConfig({
  resolve: { alias },
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    environment: "node",
    globalSetup: [
      "tests/support/compiled-messages-setup.ts",
      "tests/support/pglite-snapshot-setup.ts",
    ],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    pool: "forks",
    // Each file runs its own server (in-memory database) and Chromium. One file keeps about two
    // thirds of a core busy (the rest is waiting on navigations and network idle), so two files
    // at a time fill the two cores of CI: the browser suite takes about 40 % less time.
    fileParallelism: true,
    // Each file in a fresh worker process (isolate, the default). Reusing the process for the
    // next file (isolate: false) starts each file 5 s sooner, but over the whole suite the
    // worker grew to 1.8 GB and the whole suite ran slower (measured 2026-11-28), not faster.
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
