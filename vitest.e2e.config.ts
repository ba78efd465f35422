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
    // A worker process runs its files one after another without being replaced (isolate: false):
    // each file still starts its own server on a fresh database and its own Chromium, but the
    // process's modules (both language builds, the API, PGlite's WebAssembly) are loaded once per
    // worker: a file's start falls from about 7.5 s to about 2 s.
    poolOptions: { forks: { maxForks: 2, minForks: 1, isolate: false } },
  },
});
