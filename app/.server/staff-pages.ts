// What the staff back office's server functions share (administration, business office): the
// caller of the district API, a refusal turned into conform's errors, a redirect that carries a
// notice, and the two shapes of a staff post (a form sent on to the API; a button that asks the
// API for one thing). One copy, imported by app/.server/admin*.ts and office.ts.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { callApi, type ApiCall, type ApiResult } from "./api";
import { parseWithZod } from "./forms.server";
import { flashNotice } from "./session";

type Args = LoaderFunctionArgs | ActionFunctionArgs;

export const caller = ({ request, context }: Args) => ({ request, context });

/**
 * The id of a page's URL (a row id: a positive 32-bit integer); anything else is the page's 404
 * with its own message, so the district API is never asked for an id it cannot hold.
 */
export function idOr404(value: string | undefined, notFound: string): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
    throw new Response(notFound, { status: 404 });
  }
  return id;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The UUID of a page's URL; anything else is the page's 404 with its own message. */
export function uuidOr404(value: string | undefined, notFound: string): string {
  if (!value || !UUID.test(value)) throw new Response(notFound, { status: 404 });
  return value;
}

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

/** What a staff form or button asks of the district API: `endpointCall(updateFee, { params, body })`. */
type StaffCall<T> = ApiCall<T>;
type Refusal = Extract<ApiResult<unknown>, { ok: false }>;

function send<T>(args: Args, call: StaffCall<T>): Promise<ApiResult<T>> {
  return callApi(caller(args), call);
}

/**
 * A staff form sent on to the district API. A refused form (by its schema, or by the API with the
 * fields it names) comes back as conform's result with a 400, tagged with which of the page's
 * forms it was; an accepted one redirects to where `done` says, with its notice.
 */
export async function submitStaffForm<Schema extends z.ZodTypeAny, Reply, Form extends string>(
  args: ActionFunctionArgs,
  formData: FormData,
  opts: {
    form: Form;
    schema: Schema;
    call: (value: z.output<Schema>) => StaffCall<Reply>;
    done: (reply: Reply, value: z.output<Schema>) => { to: string; notice: string };
    rename?: Parameters<typeof apiErrors>[1];
    /** How a refusal becomes the form's errors, where apiErrors with `rename` is not enough. */
    errors?: (refusal: Refusal) => ReturnType<typeof apiErrors>;
  },
) {
  const submission = parseWithZod(formData, { schema: opts.schema });
  if (submission.status !== "success") {
    return json({ form: opts.form, result: submission.reply() }, { status: 400 });
  }
  const value = submission.value as z.output<Schema>;
  const res = await send(args, opts.call(value));
  if (!res.ok) {
    return json(
      {
        form: opts.form,
        result: submission.reply(opts.errors ? opts.errors(res) : apiErrors(res, opts.rename)),
      },
      { status: 400 },
    );
  }
  const { to, notice } = opts.done(res.data, value);
  return withNotice(args.request, to, notice);
}

/**
 * A staff button that asks the district API for one thing (unlock, reactivate, cancel): on to
 * where `done` says (or back to `here`) with its notice, or back to `here` with the API's refusal
 * as an error notice.
 */
export async function askStaffApi<Reply>(
  args: ActionFunctionArgs,
  here: string,
  call: StaffCall<Reply>,
  done: (reply: Reply) => string | { to: string; notice: string },
) {
  const res = await send(args, call);
  if (!res.ok) return withNotice(args.request, here, res.message, "error");
  const next = done(res.data);
  return typeof next === "string"
    ? withNotice(args.request, here, next)
    : withNotice(args.request, next.to, next.notice);
}
