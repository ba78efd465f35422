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
    // A worker process runs its files one after another (isolate: false, as the integration suite
    // does): the modules (both builds, the district API, PGlite's WebAssembly, Playwright) load
    // once per worker, not once per file. Each file still starts its own server on its own fresh
    // database and its own Chromium. Measured on the whole browser stage, same machine: 1,134 s
    // with a fresh worker per file, 1,005 s reused (collecting the files 156 s -> 17 s), all
    // green. A worker holds about 1.2 GB; with a garbage collection forced after each file its
    // heap stays at 210-220 MB over eight files, so nothing a file starts is kept (2026-11-28).
    isolate: false,
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
