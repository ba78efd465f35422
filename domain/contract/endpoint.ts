// One declaration per /v1 call (decision 162): its method and path, who may call it,
// the schemas of its path parameters, query and body, every reply with its status, and the words
// that describe it. The district API registers its handler from this value (typed to return what
// the replies allow), the OpenAPI description is generated from it, the web app calls it by this
// value rather than by a path string, and the contract fuzz walks it.
import type { z } from "zod";

/** Who may call: nobody signed in, any token, or a kind of account (staff roles on top). */
export type Access =
  | "public"
  /** any signed-in user */
  | "any"
  /** students and community members */
  | "participant"
  /** students, community members and guests */
  | "family"
  | "staff";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

export type SuccessStatus = 200 | 201 | 204;

/**
 * The refusals a call may declare beyond those every call of its kind can give (400 bad input;
 * 401/403 with a token; 404 with path parameters; 409/413 for a change; 500; 503), each with what
 * it means here.
 */
export type RefusalStatus = 400 | 401 | 402 | 403 | 404 | 406 | 409 | 410 | 413 | 422 | 429 | 502;

/** A success's body: JSON with its schema, a PDF document, or no content (204). */
export type SuccessBody = z.ZodTypeAny | "pdf" | null;

export interface EndpointDefinition {
  readonly method: Method;
  /** Express's form, `/v1/register/:courseSelectionUUID`. */
  readonly path: `/v1/${string}`;
  readonly access: Access;
  /** Staff roles, any of which allows the call. */
  readonly roles?: readonly string[];
  readonly params?: z.ZodTypeAny;
  readonly query?: z.ZodTypeAny;
  readonly body?: z.ZodTypeAny;
  /**
   * A call whose body is a file rather than JSON: the media type it takes (the handler reads the
   * bytes itself, after the access check). The caller passes a Blob.
   */
  readonly upload?: string;
  /** Every success the call gives, by status: `{ 200: Cart }`, `{ 201: Created }`, `{ 204: null }`. */
  readonly replies: Readonly<Partial<Record<SuccessStatus, SuccessBody>>>;
  readonly refusals?: Readonly<Partial<Record<RefusalStatus, string>>>;
  readonly summary: string;
  /** The group the OpenAPI description files it under. */
  readonly tag: string;
}

export type Endpoint<D extends EndpointDefinition = EndpointDefinition> = D & {
  readonly kind: "endpoint";
};

/** Declares a /v1 call; the literal types of its replies are kept for the handler and the caller. */
export function endpoint<const D extends EndpointDefinition>(definition: D): Endpoint<D> {
  return { ...definition, kind: "endpoint" };
}

export function isEndpoint(value: unknown): value is Endpoint {
  return (
    typeof value === "object" && value !== null && (value as { kind?: unknown }).kind === "endpoint"
  );
}

/** What a schema-or-nothing field of an endpoint parses to. */
export type Parsed<S> = S extends z.ZodTypeAny ? z.output<S> : undefined;
/** What a caller passes for a schema-or-nothing field. */
export type Given<S> = S extends z.ZodTypeAny ? z.input<S> : undefined;

type ReplyBodies<E extends EndpointDefinition> = E["replies"][keyof E["replies"]];

/** What a handler returns: any JSON body its replies declare, or nothing for a PDF or a 204. */
export type HandlerReply<E extends EndpointDefinition> =
  ReplyBodies<E> extends infer B ? (B extends z.ZodTypeAny ? z.input<B> : void) : never;

/** What a caller reads from a success: the parsed JSON body, or undefined for a 204. */
export type SuccessData<E extends EndpointDefinition> =
  ReplyBodies<E> extends infer B ? (B extends z.ZodTypeAny ? z.output<B> : undefined) : never;

/** The JSON schema of an endpoint's success body, if it has one. */
export function successSchema(e: EndpointDefinition): z.ZodTypeAny | null {
  for (const body of Object.values(e.replies)) {
    if (body && body !== "pdf") return body;
  }
  return null;
}

/**
 * The path with its parameters filled in (each encoded), and the query appended: arrays as repeated
 * keys, undefined and null left out.
 */
export function endpointUrl(
  e: EndpointDefinition,
  params?: Record<string, unknown>,
  query?: Record<string, unknown>,
): string {
  const path = e.path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) {
      throw new Error(`${e.method} ${e.path}: no value for :${name}`);
    }
    return encodeURIComponent(String(value));
  });
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v !== undefined && v !== null) search.append(key, String(v));
    }
  }
  const s = search.toString();
  return s ? `${path}?${s}` : path;
}
