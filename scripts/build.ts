// npm run build: the web app once per language (decision 170). Each build carries one language's
// compiled texts (scripts/build-messages.ts), so a family's phone loads only its own language:
// English in `$REMIX_BUILD_DIR` (assets at /build/), Spanish in `$REMIX_BUILD_DIR/es` (assets at
// /build-es/). server.ts serves each page from the build of its language. English is built last,
// so the compiled texts left behind (for the tests and the district API) are English.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { writeCompiledCatalogue } from "./build-messages";
import type { Language } from "../domain/rules/language";

const out = process.env.REMIX_BUILD_DIR ?? "build";
const builds: { language: Language; dir: string; publicPath: string }[] = [
  { language: "es", dir: path.join(out, "es"), publicPath: "/build-es/" },
  { language: "en", dir: out, publicPath: "/build/" },
];
for (const b of builds) {
  await writeCompiledCatalogue(b.language);
  const run = spawnSync("npx", ["remix", "build"], {
    stdio: "inherit",
    env: { ...process.env, REMIX_BUILD_DIR: b.dir, REMIX_PUBLIC_PATH: b.publicPath },
  });
  if (run.status !== 0) {
    await writeCompiledCatalogue("en");
    process.exit(run.status ?? 1);
  }
}
