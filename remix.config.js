// Classic Remix compiler. REMIX_BUILD_DIR lets several builds live side by side (tests, benches);
// REMIX_PUBLIC_PATH is where a build's assets are served (scripts/build.ts: one per language).
const out = process.env.REMIX_BUILD_DIR ?? "build";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  serverModuleFormat: "esm",
  serverPlatform: "node",
  serverBuildPath: `${out}/index.js`,
  assetsBuildDirectory: `${out}/assets`,
  publicPath: process.env.REMIX_PUBLIC_PATH ?? "/build/",
  browserNodeBuiltinsPolyfill: undefined,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: false,
    v3_singleFetch: false,
  },
};
