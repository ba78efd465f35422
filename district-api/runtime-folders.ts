// The folders of files the district API reads at run time, found from this module's own place:
// district-api/ in the source (tsx, the tests), the bundle's folder in the compiled server, which
// scripts/build-server.ts writes with each of these folders copied beside it at the same relative
// place. So `import.meta.url` is read here only, where it means the same thing in both forms.

/** Each folder, relative to district-api/ and to the compiled server's folder. */
export const RUNTIME_FOLDERS = {
  /** The SQL migrations (db/migrate.ts). */
  migrations: "db/migrations",
  /** The PDF reports' fonts and their licences (services/pdf-fonts.ts). */
  fonts: "fonts",
} as const;

/** The folder's URL, ending in "/" so that `new URL(name, folder)` names a file in it. */
export function runtimeFolder(name: keyof typeof RUNTIME_FOLDERS): URL {
  return new URL(`${RUNTIME_FOLDERS[name]}/`, import.meta.url);
}
