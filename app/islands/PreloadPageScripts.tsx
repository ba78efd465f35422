// The scripts of the page a family goes to next, fetched while they read this one (decision 161).
// The page's loader names them (app/.server/next-page-scripts.ts).
import { useHydrated } from "~/components/use-hydrated";

export function PreloadPageScripts({ hrefs }: { hrefs: string[] }) {
  const hydrated = useHydrated();
  // Without JavaScript there is nothing to preload; during hydration the server rendered none.
  if (!hydrated) return null;
  // data-next-page: the page weight budget counts these as the next page's (scripts/bench/pages.ts).
  return (
    <>
      {hrefs.map((href) => (
        <link key={href} rel="modulepreload" href={href} data-next-page="" />
      ))}
    </>
  );
}
