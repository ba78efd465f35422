// Each page's own title (WCAG 2.4.2), and "Error: " before it after a refused post. A route names
// its page with `export const handle: PageHandle = { title: … }`; the root writes the document's <title>.
// Not Remix's `meta`: a route's `meta` sees its loader's data but never its action's, and without
// JavaScript the refused post's page must be titled as such when the server renders it.
import { useContext } from "react";
import { useMatches } from "@remix-run/react";
// The router's state (the data of the action just posted, for whichever route it was), which
// Remix's own <Meta> reads the same way; `useActionData` only gives a route its own.
import { UNSAFE_DataRouterStateContext } from "react-router-dom";
import { t } from "@domain/messages/common";

export interface PageHandle {
  /** The page's name, from its loader's data where it names a thing (undefined after an error). */
  title: string | ((data: never) => string | undefined);
}

/** True when an action's data is a refused post: conform's `submission.reply()` with errors. */
export function isRefusedPost(actionData: unknown): boolean {
  if (!actionData || typeof actionData !== "object") return false;
  const result = (actionData as { result?: { status?: unknown } | null }).result;
  return result?.status === "error";
}

/** The document's title: the deepest route's page name, then the site's. */
export function useDocumentTitle(): string {
  const matches = useMatches();
  const state = useContext(UNSAFE_DataRouterStateContext);
  let page: string | undefined;
  for (const match of matches) {
    const handle = match.handle as Partial<PageHandle> | undefined;
    if (!handle?.title) continue;
    page =
      typeof handle.title === "function"
        ? ((handle.title as (data: unknown) => string | undefined)(match.data) ?? page)
        : handle.title;
  }
  const title = page ? t("app.pageTitle", { page, app: t("app.title") }) : t("app.title");
  const refused = Object.values(state?.actionData ?? {}).some(isRefusedPost);
  return refused ? t("app.errorTitle", { title }) : title;
}
