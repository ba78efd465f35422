// The web app's build and development server: Remix's Vite plugin (decision 173).
// REMIX_BUILD_DIR lets several builds live side by side (tests, benches); REMIX_PUBLIC_PATH is
// where a build's browser files are served (scripts/build.ts builds once per language, decision
// 170): English at /build/, Spanish at /build-es/.
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import { alias } from "./vitest.shared";

// Single fetch's types for loaders' and actions' data (useLoaderData, useActionData, useFetcher):
// what the browser gets is what turbo-stream carries (Dates, Maps, undefined), not JSON.
declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/** The supported browsers (docs/decisions/090-supported-browsers.md). */
const BROWSER_TARGET = ["chrome108", "edge108", "firefox107", "safari16"];

export default defineConfig(({ isSsrBuild }) => ({
  base: process.env.REMIX_PUBLIC_PATH ?? "/build/",
  // public/ is served by server.ts at the site's root, not copied into each build.
  publicDir: false,
  // The tsconfig paths, the same map the test configs use.
  resolve: { alias },
  build: {
    // The supported browsers (decision 090): Vite lowers newer syntax for them or fails the build.
    target: isSsrBuild ? "node20" : BROWSER_TARGET,
    // Remix puts each page's scripts in <link rel="modulepreload"> itself; browsers without it
    // load them when imported, as they did before Vite, so no polyfill is sent to every phone.
    modulePreload: { polyfill: false },
    rollupOptions: {
      onwarn(warning, warn) {
        // A form's rules are loaded on demand in the browser (next to the page's first paint) and
        // imported as usual on the server, where a chunk of its own would gain nothing.
        if (isSsrBuild && warning.message.includes("dynamic import will not move module")) return;
        // A resource route (a download, a post-only route) has no browser code.
        if (warning.code === "EMPTY_BUNDLE") return;
        warn(warning);
      },
    },
  },
  optimizeDeps: {
    // Found only once a page has loaded them (through Remix's browser entry and the compiled
    // texts); named here so the first page of `npm run dev` is not reloaded to add them.
    include: ["react-router-dom", "@messageformat/runtime", "@messageformat/runtime/lib/cardinals"],
  },
  server: {
    // `npm run dev` runs Vite inside server.ts (middleware mode, server.ts says how). The embedded
    // database's files and the builds change while it runs, and are no page's source.
    watch: { ignored: ["**/.data/**", "**/build/**", "**/test-results/**"] },
  },
  plugins: [
    remix({
      buildDirectory: process.env.REMIX_BUILD_DIR ?? "build",
      serverModuleFormat: "esm",
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_lazyRouteDiscovery: true,
        // The routes come from app/routes.ts.
        v3_routeConfig: true,
        v3_singleFetch: true,
      },
    }),
  ],
}));
