// npm run build: the web app once per language (decision 170), with Vite (decision 173). Each
// build carries one language's compiled texts (scripts/build-messages.ts), so a family's phone
// loads only its own language: English in `$REMIX_BUILD_DIR` (browser files at /build/), Spanish
// in `$REMIX_BUILD_DIR/es` (at /build-es/). Each build is `server/index.js` (the pages, for
// server.ts) and `client/` (the browser files). server.ts serves each page from the build of its
// language. English is built first (Vite empties a build's folder, the Spanish one inside it
// included), and the compiled texts left behind (for the tests and the district API) are English.
// Last, server.ts and what it imports are compiled to `build/node/server.js` (scripts/build-server.ts).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { writeCompiledCatalogue } from "./build-messages";
import { buildNodeServer } from "./build-server";
import type { Language } from "../domain/rules/language";

const out = process.env.REMIX_BUILD_DIR ?? "build";
const builds: { language: Language; dir: string; publicPath: string }[] = [
  { language: "en", dir: out, publicPath: "/build/" },
  { language: "es", dir: path.join(out, "es"), publicPath: "/build-es/" },
];
for (const b of builds) {
  await writeCompiledCatalogue(b.language);
  const run = spawnSync("npx", ["remix", "vite:build", "--logLevel", "warn"], {
    stdio: "inherit",
    env: {
      ...process.env,
      REMIX_BUILD_DIR: b.dir,
      REMIX_PUBLIC_PATH: b.publicPath,
      // Remix's Vite plugin loads Vite's CommonJS entry; its notice says nothing to act on.
      VITE_CJS_IGNORE_WARNING: "true",
    },
  });
  if (run.status !== 0) {
    await writeCompiledCatalogue("en");
    process.exit(run.status ?? 1);
  }
}
await writeCompiledCatalogue("en");
// The server itself, compiled (`npm run serve`, the production start, the container).
await buildNodeServer();
