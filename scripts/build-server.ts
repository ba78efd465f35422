// The server compiled to one JavaScript file, so production runs `node build/node/server.js` and
// not TypeScript compiled in memory at every start (tsx). esbuild bundles server.ts with
// everything it imports from this repository (server/, district-api/, domain/, the compiled
// catalogue); packages stay imports, read from node_modules at run time. The folders the district
// API reads at run time (district-api/runtime-folders.ts: migrations, fonts) are copied beside
// the bundle. The web app's build is not in it: the server loads that from REMIX_BUILD_DIR.
//   tsx scripts/build-server.ts [OUT_DIR]      (default: $REMIX_BUILD_DIR/node, i.e. build/node)
import { existsSync, readFileSync } from "node:fs";
import { cp, rm } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin } from "esbuild";
import { RUNTIME_FOLDERS } from "../district-api/runtime-folders";
import { writeCompiledCatalogue } from "./build-messages";

const ROOT = path.resolve(import.meta.dirname, "..");

/**
 * Packages stay imports, as esbuild's `packages: "external"` keeps them, but the repository's own
 * path aliases (tsconfig.json's `paths`: `~/`, `@domain/`) are bundled: the esbuild installed
 * (0.17) applies `packages: "external"` to them too, and the bundle then imports `@domain/...` as
 * a package that does not exist.
 */
function packagesExternal(): Plugin {
  const tsconfig = JSON.parse(readFileSync(path.join(ROOT, "tsconfig.json"), "utf8")) as {
    compilerOptions: { paths: Record<string, string[]> };
  };
  const aliases = Object.keys(tsconfig.compilerOptions.paths).map((key) => key.replace(/\*$/, ""));
  return {
    name: "packages-external",
    setup(bundle) {
      // A bare specifier: not relative, not absolute.
      bundle.onResolve({ filter: /^[^./]/ }, (args) =>
        aliases.some((alias) => args.path.startsWith(alias)) ? undefined : { external: true },
      );
    },
  };
}

/** Writes `<outDir>/server.js` (with its source map) and the runtime folders; the bundle's path. */
export async function buildNodeServer(
  outDir = path.join(process.env.REMIX_BUILD_DIR ?? "build", "node"),
): Promise<string> {
  const out = path.resolve(outDir);
  // The compiled catalogue is part of the bundle: written as the tests' setup does when a checkout
  // has none yet (`npm run build` writes it, English last, before this runs).
  if (!existsSync(path.join(ROOT, "domain/messages/compiled/page"))) {
    await writeCompiledCatalogue("en");
  }
  // Only this folder is replaced: the web app's builds beside it are not touched.
  await rm(out, { recursive: true, force: true });
  const serverFile = path.join(out, "server.js");
  await build({
    absWorkingDir: ROOT,
    entryPoints: ["server.ts"],
    outfile: serverFile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // Packages are imported from node_modules as they are (native parts, their own files).
    plugins: [packagesExternal()],
    sourcemap: true,
    logLevel: "warning",
  });
  for (const folder of Object.values(RUNTIME_FOLDERS)) {
    await cp(path.join(ROOT, "district-api", folder), path.join(out, folder), { recursive: true });
  }
  return serverFile;
}

const isMain = import.meta.url === pathToFileURL(process.argv[1] ?? "").href;
if (isMain) {
  const serverFile = await buildNodeServer(process.argv[2]);
  console.log(`built ${path.relative(process.cwd(), serverFile)}`);
}
