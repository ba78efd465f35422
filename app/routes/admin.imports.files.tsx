// /admin/imports/files: the upload page's script posts each file here first, so the page can show
// its progress (decision 124); without JavaScript the files come in the page's own form post.
import type { ActionFunctionArgs } from "@remix-run/node";
import { importFileUploadAction } from "~/.server/admin-imports";

export function action(args: ActionFunctionArgs) {
  return importFileUploadAction(args);
}
