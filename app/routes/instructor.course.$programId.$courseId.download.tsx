// Roster downloads of one section (spec 02 §2 download menu): app/.server/staff.ts rosterDownload.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { rosterDownload } from "~/.server/staff";

export function loader(args: LoaderFunctionArgs) {
  return rosterDownload(args);
}
