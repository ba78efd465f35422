// Property-based fuzz of the whole /v1 contract (decision 104), run in parts by
// contract-fuzz-1.test.ts and contract-fuzz-2.test.ts. The calls are the contract's endpoint
// values (decision 162), each with its access rule, its body, query and path schemas and its
// replies, so a new call is fuzzed without an entry here. Inputs are generated from the zod schemas themselves: mostly
// well-formed values (real ids from the database among them, so calls get past the checks), and
// at every field now and then a wrong type, a boundary, a huge number, a NUL or control
// character, an impossible date or a very long text. Every call goes over HTTP with a token of
// the kind the route wants. No reply may be a 5xx, and a refused call (4xx) must change no table.
import { afterAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { z } from "zod";
import { sql } from "drizzle-orm";
import { call, guestToken, staffToken, startTestApi, studentToken } from "../support/api";
import { tableNames, watchWrites } from "../support/db-digest";
import { queryRows } from "../../district-api/db/client";
import { DEV_DESKTOP_CLIENT_KEY } from "../../district-api/services/cashier";
import { feeRequestSchema } from "../../domain/forms/fee-request";
import { ErrorReply } from "../../domain/contract/common";
import type { Endpoint } from "../../domain/contract/endpoint";
import { ENDPOINTS } from "../../domain/contract/endpoints";

/**
 * Random calls per route, beside the one call per field and odd value that always runs. `npm test`
 * makes 5; `npm run test:fuzz` makes 100 (decision 151). CONTRACT_FUZZ_SEED changes the inputs.
 */
const RUNS = Number(process.env.CONTRACT_FUZZ_RUNS ?? 5);
const SEED = Number(process.env.CONTRACT_FUZZ_SEED ?? 150_005);

// ---- The calls, as the contract declares them ---------------------------------------------

interface Route {
  method: string;
  path: string;
  spec: Endpoint;
}

const ALL_ROUTES: Route[] = ENDPOINTS.map((e) => ({ method: e.method, path: e.path, spec: e }));

/** The save call reads its body with the form's own schema (it needs the server's clock). */
const BODY_OVERRIDES: Record<string, z.ZodTypeAny> = {
  "POST /v1/fee-requests/save": feeRequestSchema({ now: new Date(), timeZone: "UTC" }),
};

/** Bodies that pass every rule, where the schema alone cannot tell (cross-field rules). */
const VALID_BODIES: Record<string, () => unknown> = {
  "POST /v1/fee-requests/save": () => ({
    name: "Band Trip",
    school: 1,
    year: 1,
    category: 1,
    approvalRoute: 1,
    type: "Optional",
    cost: 25.5,
    costVariable: false,
    accountNumber: "10-1000",
    accountAssignedByBusinessOffice: false,
    allowStudent: true,
    allowEmployee: false,
    allowCommunityMember: false,
    allowGuest: false,
    collectionStart: "2098-01-01",
    collectionEnd: "2098-02-01",
    description: "A trip",
    otherInformation: "",
    sponsors: [{ id: "E1003", name: "Paula Proposer" }],
    requiresAdditionalInformation: true,
    questions: [
      { question: "Size?", responseType: "Value List", answerList: "S, M", sortOrder: 1 },
    ],
  }),
};

// ---- Values --------------------------------------------------------------------------------

const HUGE = [2 ** 31 - 1, 2 ** 31, 2 ** 40, 2 ** 53 + 2, 99_999_999_999, 1e308, -(2 ** 40)];
const ODD_NUMBERS = [0, -1, -0, 1.5, 0.001, 1e-7, 21_474_836.48, 1_000_000.01, ...HUGE];
const ODD_DATES = ["2012-02-31", "2012-13-45", "0000-00-00", "9999-12-31", "+010000-01-01"];
const ODD_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u0007",
  "\u001b[2J",
  "\r\n",
  "\t",
  "\u007f",
  "\ud800",
  "😀",
  "李 Nguyễn Łukasz",
  "\u202egnp.exe",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "99999999999",
  "-1",
  "1e400",
  "NaN",
  "Infinity",
  "null",
  "[]",
  "00000000-0000-0000-0000-000000000000",
  "x".repeat(5_000),
  "y".repeat(120_000),
  ...ODD_DATES,
];
const WRONG_TYPES: unknown[] = [null, true, false, 0, "x", [], {}, [1, 2], { a: 1 }];
/** Raw path segments (sent as is, so the server decodes them). */
const ODD_SEGMENTS = ["%00", "%ff", "%2e%2e", "99999999999", "-1", "0", "1.5", "1e3", " 1", "abc"];

interface Known {
  ints: number[];
  uuids: string[];
  strings: string[];
}

const oddValue = fc.oneof(
  fc.constantFrom(...ODD_NUMBERS),
  fc.constantFrom(...ODD_STRINGS),
  fc.constantFrom(...WRONG_TYPES),
);

type Def = { typeName: string } & Record<string, any>;
const defOf = (s: z.ZodTypeAny) => s._def as Def;

function checksOf(s: z.ZodTypeAny): { kind: string; value?: any; regex?: RegExp }[] {
  return (defOf(s).checks ?? []) as { kind: string; value?: any; regex?: RegExp }[];
}

function isDateKey(key: string) {
  return /dob|date|collection(Start|End)/i.test(key);
}

/** A value the schema accepts, or nearly: real ids, real uuids, texts of allowed lengths. */
function valid(s: z.ZodTypeAny, key: string, known: Known, depth: number): fc.Arbitrary<unknown> {
  const d = defOf(s);
  switch (d.typeName) {
    case "ZodObject": {
      const shape = (s as z.AnyZodObject).shape as Record<string, z.ZodTypeAny>;
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      const required: string[] = [];
      for (const [k, child] of Object.entries(shape)) {
        model[k] = field(child, k, known, depth + 1);
        if (!child.isOptional()) required.push(k);
      }
      return fc.record(model, { requiredKeys: required });
    }
    case "ZodString": {
      const checks = checksOf(s);
      const max = checks.find((c) => c.kind === "max")?.value ?? 60;
      const min = checks.find((c) => c.kind === "min")?.value ?? 0;
      if (checks.some((c) => c.kind === "uuid"))
        return fc.oneof(fc.constantFrom(...known.uuids), fc.uuid());
      if (checks.some((c) => c.kind === "email")) return fc.emailAddress();
      if (checks.some((c) => c.kind === "url")) return fc.constant("http://127.0.0.1:3000");
      const prefix = checks.find((c) => c.kind === "startsWith")?.value as string | undefined;
      if (prefix) return fc.string({ maxLength: 20 }).map((x) => `${prefix}${x}`);
      const regex = checks.find((c) => c.kind === "regex")?.regex;
      if (regex) return fc.oneof(fc.stringMatching(regex), fc.constantFrom(...known.strings));
      if (isDateKey(key)) return fc.constantFrom("2012-01-15", "1980-03-02", "2030-06-01");
      return fc.oneof(
        fc.string({ minLength: min, maxLength: Math.min(max, 40) }),
        fc.constantFrom(...known.strings),
        fc.constant("z".repeat(Math.min(max, 300_000))),
      );
    }
    case "ZodNumber": {
      const checks = checksOf(s);
      const min = checks.find((c) => c.kind === "min")?.value ?? -(2 ** 31);
      const max = checks.find((c) => c.kind === "max")?.value ?? 2 ** 31 - 1;
      const int = checks.some((c) => c.kind === "int");
      const n = int
        ? fc.oneof(fc.integer({ min, max }), fc.constantFrom(...known.ints))
        : fc.oneof(
            fc.integer({ min: 0, max: 10_000_00 }).map((c) => c / 100),
            fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
          );
      return d.coerce ? n.map(String) : n;
    }
    case "ZodBoolean":
      return fc.boolean();
    case "ZodEnum":
      return fc.constantFrom(...(d.values as string[]));
    case "ZodNativeEnum":
      return fc.constantFrom(...Object.values(d.values as object));
    case "ZodLiteral":
      return fc.constant(d.value);
    case "ZodArray": {
      const maxLength = Math.min(d.maxLength?.value ?? 5, 5);
      const minLength = Math.min(d.minLength?.value ?? 0, maxLength);
      return fc.array(field(d.type, key, known, depth + 1), { minLength, maxLength });
    }
    case "ZodRecord":
      return fc.dictionary(
        fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom(...ODD_STRINGS.slice(0, 12))),
        field(d.valueType, key, known, depth + 1),
        { maxKeys: 3 },
      );
    case "ZodUnion":
      return fc.oneof(...(d.options as z.ZodTypeAny[]).map((o) => valid(o, key, known, depth)));
    case "ZodOptional":
      return fc.oneof(valid(d.innerType, key, known, depth), fc.constant(undefined));
    case "ZodNullable":
      return fc.oneof(valid(d.innerType, key, known, depth), fc.constant(null));
    case "ZodDefault":
      return fc.oneof(valid(d.innerType, key, known, depth), fc.constant(undefined));
    case "ZodEffects":
      return valid(d.schema, key, known, depth);
    case "ZodPipeline":
      return valid(d.in, key, known, depth);
    case "ZodLazy":
      return depth > 4 ? fc.constant(null) : valid(d.getter(), key, known, depth + 1);
    case "ZodUndefined":
      return fc.constant(undefined);
    default:
      // unknown, any: anything odd
      return oddValue;
  }
}

/** The schema under optional, nullable, default and refinement wrappers. */
function unwrap(s: z.ZodTypeAny): z.ZodTypeAny {
  const d = defOf(s);
  if (["ZodOptional", "ZodNullable", "ZodDefault"].includes(d.typeName)) return unwrap(d.innerType);
  if (d.typeName === "ZodEffects") return unwrap(d.schema);
  if (d.typeName === "ZodPipeline") return unwrap(d.in);
  if (d.typeName === "ZodUnion") return unwrap((d.options as z.ZodTypeAny[])[0]!);
  return s;
}

/** Odd values aimed at a field's type: huge numbers for numbers, NUL and the like for texts. */
function oddFor(s: z.ZodTypeAny, key: string): unknown[] {
  const kind = defOf(unwrap(s)).typeName;
  if (kind === "ZodNumber") return [2 ** 40, 2 ** 31, 21_474_836.48, -1];
  if (kind === "ZodString")
    return isDateKey(key) ? ODD_DATES : ["a\u0000b", "\u0007", "x".repeat(5_000), "\ud800"];
  if (kind === "ZodObject" || kind === "ZodArray" || kind === "ZodRecord") return [null, "x", 7];
  return [null, 2 ** 40, "a\u0000b"];
}

/** Set while building the clean base values of the per-field examples. */
let onlyValid = false;

/** A field: usually valid, sometimes an odd value of its type, now and then any odd value. */
function field(s: z.ZodTypeAny, key: string, known: Known, depth: number): fc.Arbitrary<unknown> {
  if (onlyValid) return valid(s, key, known, depth);
  return fc.oneof(
    { arbitrary: valid(s, key, known, depth), weight: 6 },
    { arbitrary: fc.constantFrom(...oddFor(s, key)), weight: 2 },
    { arbitrary: oddValue, weight: 1 },
  );
}

/**
 * Every field of a schema, each with its odd values: the path to it (through the first element
 * of arrays) and what to put there.
 */
function leaves(
  s: z.ZodTypeAny,
  path: (string | number)[] = [],
): [(string | number)[], unknown[]][] {
  const inner = unwrap(s);
  const d = defOf(inner);
  if (d.typeName === "ZodObject") {
    return Object.entries((inner as z.AnyZodObject).shape as Record<string, z.ZodTypeAny>).flatMap(
      ([k, child]) => leaves(child, [...path, k]),
    );
  }
  const key = String(path[path.length - 1] ?? "");
  const own: [(string | number)[], unknown[]] = [path, oddFor(s, key)];
  if (d.typeName === "ZodArray") return [own, ...leaves(d.type, [...path, 0])];
  return path.length ? [own] : [];
}

function setAt(target: unknown, path: (string | number)[], value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path;
  const base =
    typeof head === "number"
      ? Array.isArray(target) && target.length
        ? [...target]
        : [{}]
      : target && typeof target === "object" && !Array.isArray(target)
        ? { ...target }
        : {};
  (base as Record<string | number, unknown>)[head!] = setAt(
    (base as Record<string | number, unknown>)[head!],
    rest,
    value,
  );
  return base;
}

/** One example per field and odd value: a clean body with just that field made odd. */
function fieldExamples(schema: z.ZodTypeAny, known: Known, given?: unknown): unknown[] {
  onlyValid = true;
  let base: unknown = given;
  try {
    if (base === undefined)
      [base] = fc.sample(valid(schema, "", known, 0), { seed: SEED, numRuns: 1 });
  } finally {
    onlyValid = false;
  }
  return leaves(schema).flatMap(([path, values]) => values.map((v) => setAt(base, path, v)));
}

/** A whole body: from the schema, or a wrong type, or extra keys. */
function bodyArb(s: z.ZodTypeAny | undefined, known: Known): fc.Arbitrary<unknown> {
  const fromSchema = s ? valid(s, "", known, 0) : oddValue;
  return fc.oneof(
    { arbitrary: fromSchema, weight: 8 },
    { arbitrary: fc.constantFrom(...WRONG_TYPES, "x".repeat(10)), weight: 1 },
    {
      arbitrary: fromSchema.map((b) =>
        b && typeof b === "object" && !Array.isArray(b)
          ? { ...b, ["__proto__ x"]: 1, constructor: { prototype: 1 } }
          : b,
      ),
      weight: 1,
    },
  );
}

interface Input {
  path: string;
  query: unknown;
  body: unknown;
  token: string | undefined;
}
const NoSchema = z.object({});

function pathArb(route: Route, known: Known, clean = false): fc.Arbitrary<string> {
  const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  if (!names.length) return fc.constant(route.path);
  const shape = (route.spec.params as z.AnyZodObject | undefined)?.shape ?? {};
  const segs = names.map((n) =>
    clean
      ? (shape[n] ? valid(shape[n], n, known, 0) : fc.string()).map((v) =>
          encodeURIComponent(String(v)),
        )
      : fc.oneof(
          {
            arbitrary: (shape[n] ? valid(shape[n], n, known, 0) : fc.string()).map((v) =>
              encodeURIComponent(String(v)),
            ),
            weight: 4,
          },
          { arbitrary: fc.constantFrom(...ODD_SEGMENTS), weight: 1 },
          {
            arbitrary: fc
              .constantFrom(...ODD_STRINGS.filter((x) => x.length < 200))
              .map(encodeURIComponent),
            weight: 1,
          },
        ),
  );
  return fc
    .tuple(...segs)
    .map((values) => names.reduce((p, n, i) => p.replace(`:${n}`, values[i]!), route.path));
}

function queryString(q: unknown): string {
  if (!q || typeof q !== "object")
    return q === undefined ? "" : `?${encodeURIComponent(String(q))}`;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const x of v) params.append(k, String(x));
    else if (v && typeof v === "object")
      for (const [k2, x] of Object.entries(v)) params.append(`${k}[${k2}]`, String(x));
    else params.append(k, String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : "";
}

// ---- The run -------------------------------------------------------------------------------

/**
 * Fuzzes one part of the route table (every `of`-th route from `index`) on a database of its own.
 * The test files contract-fuzz-*.test.ts each run one part, so the suite's two workers share it.
 */
/**
 * What the endpoint `e` declares a reply with `status` may not be: a success it does not declare
 * or whose body its schema refuses, or a refusal whose body is not the error shape. Null when the
 * reply is one it declares (statuses of refusals are held by tests/support/contract-replies.ts).
 */
function undeclaredReply(e: Endpoint, status: number, body: unknown): string | null {
  if (status >= 200 && status < 300) {
    const declared = e.replies[status as keyof typeof e.replies];
    if (declared === undefined) return `a ${status} the endpoint does not declare`;
    if (declared === null || declared === "pdf") return null;
    const parsed = declared.safeParse(body);
    return parsed.success ? null : `a ${status} body its schema refuses: ${parsed.error.message}`;
  }
  if (status >= 400 && !ErrorReply.safeParse(body).success)
    return `a ${status} without the error shape`;
  return null;
}

export async function fuzzTheContract(part: { index: number; of: number }): Promise<void> {
  const api = await startTestApi();
  afterAll(async () => {
    await api.close();
  });
  const db = api.runtime.deps.db;
  const allRoutes = ALL_ROUTES;
  const routes = allRoutes.filter((_, i) => i % part.of === part.index);

  // The staff accounts as seeded: a fuzzed administrator call may reset a password, deactivate an
  // account or change its roles (decisions 119, 122); each route starts from the seeded accounts
  // again.
  const seededStaff = await queryRows<{ id: number; password_hash: string; roles: string[] }>(
    db,
    sql`select id, password_hash, roles from staff`,
  );
  async function restoreStaff() {
    for (const s of seededStaff) {
      await db.execute(sql`update staff set active = true, sessions_ended_at = null,
        password_hash = ${s.password_hash}, roles = ${`{${s.roles.join(",")}}`}::text[]
        where id = ${s.id}`);
    }
  }

  /** The people who call: signed in afresh before each route (a fuzzed sign-out ends sessions). */
  async function signInAll() {
    await restoreStaff();
    const t = {
      student: await studentToken(api, "100002", "2012-01-15"),
      member: await studentToken(api, "200001", "1980-03-02"),
      guest: await guestToken(api, "fuzz-guest@example.org"),
      instructor: await staffToken(api, "instructor"),
      proposer: await staffToken(api, "proposer"),
      feeadmin: await staffToken(api, "feeadmin"),
      admin: await staffToken(api, "admin"),
    };
    const desktop = await call(api, "POST", "/v1/identity/desktop-session", {
      body: { accessToken: t.proposer, desktopKey: DEV_DESKTOP_CLIENT_KEY },
    });
    return { ...t, cashier: desktop.status === 200 ? (desktop.body.accessToken as string) : null };
  }
  let tokens = await signInAll();
  const staffTokens = {
    instructor: ["instructor"],
    proposer: ["fee_proposer", "instructor"],
    feeadmin: ["fee_admin"],
    admin: ["district_admin"],
  };

  function tokensFor(spec: Endpoint): (string | undefined)[] {
    const family = [tokens.student, tokens.member, tokens.guest];
    const staff = Object.entries(staffTokens)
      .filter(([, roles]) => !spec.roles || spec.roles.some((r) => roles.includes(r)))
      .map(([name]) => tokens[name as "instructor" | "proposer" | "feeadmin" | "admin"]);
    switch (spec.access) {
      case "public":
        return [undefined, tokens.student];
      case "participant":
        return [tokens.student, tokens.member];
      case "family":
        return family;
      case "staff":
        return tokens.cashier && !spec.roles ? [...staff, tokens.cashier] : staff;
      default:
        return [...family, ...staff, ...(tokens.cashier ? [tokens.cashier] : [])];
    }
  }

  async function knownValues(): Promise<Known> {
    const ints = await queryRows<{ id: number }>(
      db,
      sql`select id from fees union select id from carts union select id from cart_items
          union select id from assessed_fees union select id from fee_requests
          union select id from course_questions union select id from schools
          union select id from school_years union select id from approval_routes
          union select id from fee_categories limit 200`,
    );
    const uuids = await queryRows<{ id: string }>(
      db,
      sql`select id::text as id from course_sections union select id::text from programs
          union select id::text from courses limit 200`,
    );
    const strings = await queryRows<{ id: string }>(
      db,
      sql`select employee_id as id from staff union select id::text from participants
          union select id from sim_objects limit 200`,
    );
    return {
      ints: [1, 2, 3, ...ints.map((r) => Number(r.id))],
      uuids: uuids.map((r) => r.id),
      // The people holding the tokens are left out, so that fuzzed sign-ins cannot lock them out.
      strings: ["E1001", "E1003", "100001", ...strings.map((r) => String(r.id))].filter(
        (x) => !["100002", "200001"].includes(x),
      ),
    };
  }

  const tables = await tableNames(db);
  let calls = 0;
  let digests = 0;
  const statuses = new Map<number, number>();

  describe("the /v1 route table", () => {
    it("walks every declared call (each is served: tests/integration/openapi.test.ts)", () => {
      expect(allRoutes.length).toBeGreaterThan(40);
      expect(routes.length).toBeGreaterThan(allRoutes.length / part.of - 1);
    });
  });

  describe("fuzz of every /v1 route", () => {
    for (const route of routes) {
      it(`${route.method} ${route.path} (${route.spec.access})`, async () => {
        // Where sign-in is throttled for this address by earlier fuzzed sign-ins, keep the tokens.
        tokens = await signInAll().catch(() => tokens);
        const known = await knownValues();
        const bodySchema = BODY_OVERRIDES[`${route.method} ${route.path}`] ?? route.spec.body;
        const endpoint = ENDPOINTS.find((e) => e.method === route.method && e.path === route.path);
        const input: fc.Arbitrary<Input> = fc.record({
          path: pathArb(route, known),
          query: route.spec.query ? valid(route.spec.query, "", known, 0) : fc.constant(undefined),
          body: route.method === "GET" ? fc.constant(undefined) : bodyArb(bodySchema, known),
          token: fc.constantFrom(...tokensFor(route.spec)),
        });
        // Every field of the body and of the path, one odd value at a time, then random inputs.
        const token = tokensFor(route.spec)[0];
        const [cleanPath] = fc.sample(pathArb(route, known, true), { seed: SEED, numRuns: 1 });
        const examples: [Input][] = [];
        if (bodySchema && route.method !== "GET") {
          const given = VALID_BODIES[`${route.method} ${route.path}`]?.();
          for (const body of fieldExamples(bodySchema, known, given))
            examples.push([{ path: cleanPath!, query: undefined, body, token }]);
        }
        for (const [path] of leaves(route.spec.params ?? NoSchema)) {
          for (const v of ODD_SEGMENTS)
            examples.push([
              {
                path: route.path.replace(`:${path[0]}`, v),
                query: undefined,
                body: undefined,
                token,
              },
            ]);
        }
        // A refused call must change no table: the digest of every table is compared only after
        // calls that some transaction wrote during (tests/support/db-digest.ts).
        const watch = await watchWrites(db, tables);
        const out = await fc.check(
          fc.asyncProperty(input, async ({ path, query, body, token }) => {
            const r = await call(api, route.method, `${path}${queryString(query)}`, {
              body: body === undefined ? undefined : JSON.stringify(body),
              token,
            });
            calls++;
            statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
            const what = `${route.method} ${path.slice(0, 200)} → ${r.status} ${String(JSON.stringify(r.body)).slice(0, 300)}`;
            if (r.status >= 500) throw new Error(what);
            const undeclared = endpoint && undeclaredReply(endpoint, r.status, r.body);
            if (undeclared) throw new Error(`${what}: ${undeclared}`);
            const wrote = await watch.wroteSinceLast();
            if (r.status >= 400 && wrote) throw new Error(`${what} changed a table`);
          }),
          { numRuns: RUNS + examples.length, seed: SEED, endOnFailure: true, examples },
        );
        digests += watch.digests;
        if (out.failed) {
          const example = JSON.stringify(out.counterexample, (_k, v: unknown) =>
            typeof v === "string" && v.length > 200 ? `${v.slice(0, 200)}…(${v.length})` : v,
          );
          throw new Error(`${String(out.errorInstance)}\ninput: ${example?.slice(0, 2000)}`);
        }
      });
    }

    it("sent the calls it says it did", () => {
      console.info(
        `contract fuzz, part ${part.index + 1} of ${part.of}: ${routes.length} routes, ${calls} calls (${RUNS} random per route, seed ${SEED}), ${digests} database digests, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
      );
      expect(calls).toBeGreaterThanOrEqual(routes.length * RUNS);
    });
  });
}
