// The web app's client of the district API. Loaders and actions call it from the server with the
// person's bearer token; replies are parsed with the shared contract schemas.
import { redirect, type AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { ErrorReply } from "@domain/contract/common";
import {
  endpointUrl,
  successSchema,
  type Endpoint,
  type Given,
  type SuccessData,
} from "@domain/contract/endpoint";
import { t } from "@domain/messages/pages";
import language from "@domain/messages/compiled/page/language.js";
import {
  getSession,
  linkedChild,
  validStaff,
  validStudent,
  writeSession,
  type StudentSession,
} from "./session";

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | {
      ok: false;
      status: number;
      message: string;
      hint?: string;
      errorCode?: number;
      /** True when the call did not answer within its time limit. */
      timedOut?: boolean;
      /** True when the API answered success with a body that is not what the call expects. */
      unreadable?: boolean;
    };

export interface ApiCall<T> {
  path: string;
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  /** Whose token to send: the family session, the staff session, a linked child's, or none. */
  auth: CallAuth;
  reply: z.ZodType<T, z.ZodTypeDef, unknown>;
  /** Spec: register and program calls time out after 10 seconds. */
  timeoutMs?: number;
}

interface Caller {
  request: Request;
  context: Pick<AppLoadContext, "apiBaseUrl" | "clientIp"> &
    Partial<Pick<AppLoadContext, "requestId">>;
}

/** Clears both sessions and sends the person to / (spec 01 §4: a 401 on any authenticated call). */
async function signedOutRedirect(request: Request): Promise<Response> {
  return redirect("/", {
    headers: { "Set-Cookie": await writeSession(request, { student: null, staff: null }) },
  });
}

/** A 204's empty body reads as undefined. */
const NO_CONTENT = z.undefined();

const loopback = new Map<string, boolean>();

/**
 * True when the API answers on this machine (the embedded /v1, or one beside this process):
 * compressing its replies would cost CPU at both ends and save nothing (decision 094).
 */
export function onLoopback(baseUrl: string): boolean {
  let known = loopback.get(baseUrl);
  if (known === undefined) {
    const host = new URL(baseUrl).hostname;
    known = host === "localhost" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
    loopback.set(baseUrl, known);
  }
  return known;
}

export async function fetchApi(
  { request, context }: Caller,
  path: string,
  init: { method?: string; body?: unknown; auth: CallAuth; timeoutMs?: number },
): Promise<Response> {
  // The district API answers in the page's language (decision 170).
  const headers: Record<string, string> = {
    Accept: "application/json",
    "Accept-Language": language,
  };
  if (onLoopback(context.apiBaseUrl)) headers["Accept-Encoding"] = "identity";
  if (context.clientIp) headers["X-Forwarded-For"] = context.clientIp;
  // The request's id (server/observe.ts) goes with every call, so one page load reads across logs.
  if (context.requestId) headers["X-Request-Id"] = context.requestId;
  if (typeof init.auth === "object" && "starting" in init.auth) {
    headers.Authorization = `Bearer ${init.auth.starting.accessToken}`;
  } else if (typeof init.auth === "object") {
    // A child no longer linked (or whose session ran out) is refused here as the API would.
    const child = linkedChild(await getSession(request), init.auth.linkedChild);
    if (!child) return Response.json({ message: t("household.gone") }, { status: 401 });
    headers.Authorization = `Bearer ${child.accessToken}`;
  } else if (init.auth !== "none") {
    const session = await getSession(request);
    const s = init.auth === "student" ? validStudent(session) : validStaff(session);
    if (!s) throw await signedOutRedirect(request);
    headers.Authorization = `Bearer ${s.accessToken}`;
  }
  // A Blob (an uploaded file, decision 124) goes as the raw body with its own type; the rest as JSON.
  const raw = init.body instanceof Blob ? init.body : null;
  if (raw) headers["Content-Type"] = raw.type || "application/octet-stream";
  else if (init.body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(new URL(path, context.apiBaseUrl), {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : (raw ?? JSON.stringify(init.body)),
    signal: AbortSignal.timeout(init.timeoutMs ?? 10_000),
  });
  // A linked child's ended session is that child's refusal, not the end of the sign-in.
  if (res.status === 401 && (init.auth === "student" || init.auth === "staff"))
    throw await signedOutRedirect(request);
  return res;
}

/** Seconds a page whose data could not be read asks to be tried again after. */
export const RETRY_AFTER_SECONDS = 30;

/**
 * What a loader throws when the district API could not give the page its data (it failed, timed
 * out or could not be reached): a 503 with Retry-After, shown by the error boundary with `message`,
 * never the page with an empty list (a 200 that monitoring would count as served).
 */
export function serviceUnavailable(message: string): Response {
  return new Response(message, {
    status: 503,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Retry-After": String(RETRY_AFTER_SECONDS),
    },
  });
}

/**
 * True when the district API could not give an answer: it failed (5xx, whatever its body), timed
 * out or could not be reached. A refusal (4xx) and a success whose body could not be read (the
 * spec's "invalid response") are answers: the page shows them its own way.
 */
export function unavailable(r: ApiResult<unknown>): boolean {
  return !r.ok && r.status >= 500 && !r.unreadable;
}

/**
 * A loader's call result as it came, unless the district API could not give the page its data:
 * then the 503 of `serviceUnavailable` with `message`, the page's words from the catalogue
 * (decision 150, addendum). Every loader's read goes through this one check.
 */
export function or503<R extends ApiResult<unknown>>(r: R, message: string): R {
  if (unavailable(r)) throw serviceUnavailable(message);
  return r;
}

/**
 * A page's record from its call, or the page's refusal: the 503 of `or503` (with `loadError`) when
 * the district API could not answer, a 404 (with `notFound`, else the API's words) when the record
 * is not there, any other refusal with its own status, and a 502 for an unreadable answer.
 */
export function dataOr404<T>(r: ApiResult<T>, words: { loadError: string; notFound?: string }): T {
  or503(r, words.loadError);
  if (r.ok) return r.data;
  if (r.status === 404) throw new Response(words.notFound ?? r.message, { status: 404 });
  throw new Response(r.message, { status: r.status < 500 ? r.status : 502 });
}

/**
 * Whose token goes with a call: the family session's (the child on screen), the staff session's,
 * none, or a child linked in this sign-in (decision 165), named as `linkedChild` values are.
 */
export type CallAuth =
  | "student"
  | "staff"
  | "none"
  | { linkedChild: string }
  /**
   * A session this request is starting (a sign-in's own reply from the district API, not yet in
   * the cookie; decision 168): never a token taken from the request.
   */
  | { starting: StudentSession };

type Part<S, K extends string> = S extends z.ZodTypeAny
  ? { [P in K]: Given<S> }
  : { [P in K]?: undefined };

/**
 * What calling `E` takes: its params, query and body as its schemas accept them, and whose token
 * to send. Without `auth`, the endpoint's access decides: staff calls send the staff session's,
 * family calls the family session's, public calls none; a call open to any token must say.
 */
export type EndpointInput<E extends Endpoint> = Part<E["params"], "params"> &
  Part<E["query"], "query"> &
  (E["upload"] extends string ? { body: Blob } : Part<E["body"], "body">) &
  (E["access"] extends "any" ? { auth: CallAuth } : { auth?: CallAuth }) & {
    /** Spec: register and program calls time out after 10 seconds (the default). */
    timeoutMs?: number;
  };

function authOf(e: Endpoint, given: CallAuth | undefined): CallAuth {
  if (given) return given;
  if (e.access === "staff") return "staff";
  if (e.access === "participant" || e.access === "family") return "student";
  if (e.access === "public") return "none";
  throw new Error(`${e.method} ${e.path}: a call open to any token must say whose to send`);
}

/**
 * The call `e` with `input`, as `callApi` takes it: the path filled in and the query appended, whose
 * token, and the reply read with the schema `e` declares. For helpers that take a call and make it
 * later (a staff form's submit); a loader or action calls `callEndpoint`.
 */
export function endpointCall<E extends Endpoint>(
  e: E,
  input: EndpointInput<E>,
): ApiCall<SuccessData<E>> {
  const i = input as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
    auth?: CallAuth;
    timeoutMs?: number;
  };
  return {
    path: endpointUrl(e, i.params, i.query),
    method: e.method,
    body: i.body,
    auth: authOf(e, i.auth),
    timeoutMs: i.timeoutMs,
    reply: (successSchema(e) ?? NO_CONTENT) as z.ZodType<SuccessData<E>, z.ZodTypeDef, unknown>,
  };
}

/**
 * Calls the district API's `e` and reads its reply with the schema `e` declares: what every loader
 * and action uses (never a path string).
 */
export function callEndpoint<E extends Endpoint>(
  caller: Caller,
  e: E,
  input: EndpointInput<E>,
): Promise<ApiResult<SuccessData<E>>> {
  return callApi(caller, endpointCall(e, input));
}

/** `e`'s raw reply, for a body that is not JSON (a PDF); a 401 signs out as every call does. */
export function fetchEndpoint<E extends Endpoint>(
  caller: Caller,
  e: E,
  input: EndpointInput<E>,
): Promise<Response> {
  const { path, ...init } = endpointCall(e, input);
  return fetchApi(caller, path, init);
}

export async function callApi<T>(caller: Caller, call: ApiCall<T>): Promise<ApiResult<T>> {
  let res: Response;
  try {
    res = await fetchApi(caller, call.path, call);
  } catch (err) {
    if (err instanceof Response) throw err;
    const timedOut = err instanceof Error && err.name === "TimeoutError";
    return { ok: false, status: timedOut ? 504 : 502, message: t("error.generic"), timedOut };
  }
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!res.ok) {
    const parsed = ErrorReply.safeParse(json);
    return parsed.success
      ? { ok: false, status: res.status, ...parsed.data }
      : { ok: false, status: res.status, message: t("error.invalidResponse") };
  }
  const parsed = call.reply.safeParse(json);
  if (!parsed.success) {
    return { ok: false, status: 502, message: t("error.invalidResponse"), unreadable: true };
  }
  return { ok: true, status: res.status, data: parsed.data };
}
