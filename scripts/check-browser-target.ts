// Checks that the browser build uses no JavaScript syntax newer than the supported browsers
// understand (docs/decisions/090-supported-browsers.md). The Remix classic compiler passes syntax
// through as written (no esbuild target), so each built file is minified twice, once as is and
// once lowered to the supported browsers: any difference means some syntax had to be lowered.
// Usage: REMIX_BUILD_DIR=build tsx scripts/check-browser-target.ts
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { transform } from "esbuild";

export const BROWSER_TARGET = ["chrome108", "edge108", "firefox107", "safari16"];

async function* jsFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* jsFiles(full);
    else if (entry.name.endsWith(".js")) yield full;
  }
}

async function main() {
  const dir = path.resolve(process.env.REMIX_BUILD_DIR ?? "build", "assets");
  const bad: string[] = [];
  let count = 0;
  for await (const file of jsFiles(dir)) {
    count++;
    const code = await readFile(file, "utf8");
    const opts = { format: "esm", minify: true, loader: "js" } as const;
    const plain = await transform(code, opts);
    const lowered = await transform(code, { ...opts, target: BROWSER_TARGET }).catch(
      (e: Error) => ({ code: `error: ${e.message}` }),
    );
    if (plain.code !== lowered.code) bad.push(path.relative(dir, file));
  }
  if (bad.length) {
    console.error(`syntax newer than ${BROWSER_TARGET.join(", ")} in:\n  ${bad.join("\n  ")}`);
    process.exit(1);
  }
  console.log(`${count} files: all within ${BROWSER_TARGET.join(", ")}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
