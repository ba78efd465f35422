// What the staff back office's server functions share (administration, business office): the
// caller of the district API, a refusal turned into conform's errors, and a redirect that carries
// a notice. One copy, imported by app/.server/admin*.ts and office.ts.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { ApiResult } from "./api";
import { flashNotice } from "./session";

type Args = LoaderFunctionArgs | ActionFunctionArgs;

export const caller = ({ request, context }: Args) => ({ request, context });

/**
 * A district API refusal as conform's errors: each field its issues name (renamed to the form's
 * name by a table or a function), or else the form's message.
 */
export function apiErrors(
  res: Extract<ApiResult<unknown>, { ok: false }>,
  rename: Record<string, string> | ((path: string) => string) = {},
): { formErrors?: string[]; fieldErrors?: Record<string, string[]> } {
  const issues = (res as { issues?: { path: string; message: string }[] }).issues ?? [];
  const nameOf =
    typeof rename === "function" ? rename : (path: string) => rename[path] ?? path.split(".")[0]!;
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) {
    if (!issue.path) continue;
    (fieldErrors[nameOf(issue.path)] ??= []).push(issue.message);
  }
  if (Object.keys(fieldErrors).length) return { fieldErrors };
  return { formErrors: [res.hint ? `${res.message} ${res.hint}` : res.message] };
}

/** A redirect to `to` with a notice the next page shows once. */
export async function withNotice(
  request: Request,
  to: string,
  text: string,
  kind: "success" | "error" = "success",
) {
  return redirect(to, { headers: { "Set-Cookie": await flashNotice(request, { kind, text }) } });
}
