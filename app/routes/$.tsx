// Any other path: "File not found" inside the normal site shell.
import { NotFound } from "~/components/NotFound";
import { t } from "@domain/messages/common";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("notFound.title") };

export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function CatchAll() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
