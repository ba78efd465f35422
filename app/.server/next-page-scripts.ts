// The scripts of the page a family goes to next, for the page to fetch while it is read
// (decision 161). Without them a client-side navigation fetches the next route's module, and only
// once it has run its shared chunks: two round trips of 400 ms on a slow phone before the page can
// show. The build's assets manifest (server.ts puts it in the load context) names each route's
// module and the chunks it imports. Scripts only, not the next page's data: a loader's reply is
// never cached (no-store), and a page behind the sign-in would only answer with a redirect.

/**
 * The route ids of the pages a page may lead to, as Remix names them after the files in
 * app/routes, with their layouts below the root (the instructor pages' `routes/instructor`).
 */
export const PAGE_ROUTES = {
  questionnaire: ["routes/_index"],
  signIn: ["routes/signin"],
  staffSignIn: ["routes/instructor", "routes/instructor.sign-in"],
  programs: ["routes/programs"],
  payment: ["routes/payment.$courseSelectionUUID"],
  fees: ["routes/fees"],
  cart: ["routes/cart"],
  myRegistrations: ["routes/my-registrations"],
  instructions: ["routes/instructions"],
} as const;

export type RouteId = (typeof PAGE_ROUTES)[keyof typeof PAGE_ROUTES][number];

/** The pages a link of the family's journey may lead to, by their path. */
const PAGES_BY_PATH: Record<string, readonly RouteId[]> = {
  "/signin": PAGE_ROUTES.signIn,
  "/instructor/sign-in": PAGE_ROUTES.staffSignIn,
  "/programs": PAGE_ROUTES.programs,
  "/fees": PAGE_ROUTES.fees,
  "/cart": PAGE_ROUTES.cart,
  "/my-registrations": PAGE_ROUTES.myRegistrations,
  "/instructions": PAGE_ROUTES.instructions,
};

/** The routes of the page a link leads to (its query aside); none for a page not listed. */
export function routesOfLink(href: string): readonly RouteId[] {
  return PAGES_BY_PATH[href.split(/[?#]/)[0] ?? href] ?? [];
}

/** What of the assets manifest (`ServerBuild["assets"]`) is read here. */
interface ScriptsManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[] } | undefined>;
}

/**
 * The URLs of the next pages' route modules and the chunks they import, leaving out those the
 * current page has already loaded: the entry's, the root's and the current routes'.
 */
export function nextPageScripts(
  context: { assets?: ScriptsManifest },
  pages: { next: readonly RouteId[]; current: readonly RouteId[] },
): string[] {
  const manifest = context.assets;
  if (!manifest) return [];
  const scriptsOf = (id: string) => {
    const route = manifest.routes[id];
    return route ? [route.module, ...(route.imports ?? [])] : [];
  };
  const loaded = new Set([
    manifest.entry.module,
    ...manifest.entry.imports,
    ...scriptsOf("root"),
    ...pages.current.flatMap(scriptsOf),
  ]);
  return [...new Set(pages.next.flatMap(scriptsOf))].filter((href) => !loaded.has(href));
}
