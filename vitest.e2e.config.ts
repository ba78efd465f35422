import { defineConfig } from "vitest/config";
import { alias } from "./vitest.shared";

export default defineConfig({
  resolve: { alias },
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/support/pglite-snapshot-setup.ts"],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    pool: "forks",
    // Each file runs its own server (in-memory database) and Chromium. One file keeps about two
    // thirds of a core busy (the rest is waiting on navigations and network idle), so two files
    // at a time fill the two cores of CI: the browser suite takes about 40 % less time.
    fileParallelism: true,
    // A worker runs its files one after another in one process, keeping what they imported (the
    // Remix build, the server's and the API's modules: about 6 s of CPU a file) and one Chromium
    // (tests/support/browser.ts). Each file still starts its own server on its own database, so
    // no data cross from one file to another; the process's own state does (the metrics
    // registry, environment variables a server sets), and a test that reads it reads its change.
    isolate: false,
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
