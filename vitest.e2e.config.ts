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
    // Each file in a fresh worker process (isolate, the default). Reusing the worker for the next
    // file (isolate: false, as the integration suite does) starts each file about 5 s sooner, but
    // in the one whole run tried a worker grew to 1.8 GB and one test failed (the phone menu in
    // cart-balances): kept fresh until that is understood (2026-11-28).
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
