// The scripts of the page a family goes to next, fetched while they read this one (issue 29,
// decision 161). Without it a client-side navigation fetches the next route's module, and only
// once it has run its shared chunks: two round trips of 400 ms on a slow phone before the page
// can show. Scripts only, not the next page's data: a loader's reply is never cached (no-store),
// and a page behind the sign-in would only answer with a redirect.
import { useContext, useMemo } from "react";
import {
  matchRoutes,
  useMatches,
  UNSAFE_RemixContext,
  type UNSAFE_RouteManifest as RouteManifest,
  type UNSAFE_EntryRoute as EntryRoute,
} from "@remix-run/react";
import { useHydrated } from "~/components/use-hydrated";

type RouteNode =
  | { id: string; path?: string; index: true; caseSensitive?: boolean }
  | { id: string; path?: string; index?: false; caseSensitive?: boolean; children: RouteNode[] };

/** The route tree of the manifest, for matching a path to its routes as the router does. */
function routeTree(routes: RouteManifest<EntryRoute>, parentId?: string): RouteNode[] {
  return Object.values(routes)
    .filter((route) => route.parentId === parentId)
    .map((route) =>
      route.index
        ? { id: route.id, path: route.path, index: true, caseSensitive: route.caseSensitive }
        : {
            id: route.id,
            path: route.path,
            caseSensitive: route.caseSensitive,
            children: routeTree(routes, route.id),
          },
    );
}

interface PreloadPageScriptsProps {
  /** Paths of the pages that may come next, e.g. `/programs`. */
  pages?: string[];
  /** Route ids of pages whose path is not known yet, e.g. a payment page's id comes with the post. */
  routeIds?: string[];
}

export function PreloadPageScripts({ pages = [], routeIds = [] }: PreloadPageScriptsProps) {
  const hydrated = useHydrated();
  const remix = useContext(UNSAFE_RemixContext);
  const current = useMatches();
  const manifest = remix?.manifest;
  const tree = useMemo(() => (manifest ? routeTree(manifest.routes) : []), [manifest]);
  // Without JavaScript there is nothing to preload; during hydration the server rendered none.
  if (!hydrated || !manifest) return null;
  const ids = new Set(routeIds);
  for (const page of pages) {
    for (const match of matchRoutes(tree, page) ?? []) ids.add(match.route.id);
  }
  const scriptsOf = (id: string) => {
    const route = manifest.routes[id];
    return route ? [route.module, ...(route.imports ?? [])] : [];
  };
  // The scripts of the routes already on the page (the root, the current one) are loaded.
  const loaded = new Set(current.flatMap((match) => scriptsOf(match.id)));
  const hrefs = new Set([...ids].flatMap(scriptsOf).filter((href) => !loaded.has(href)));
  // data-next-page: the page weight budget counts these as the next page's (scripts/bench/pages.ts).
  return (
    <>
      {[...hrefs].map((href) => (
        <link key={href} rel="modulepreload" href={href} data-next-page="" />
      ))}
    </>
  );
}
