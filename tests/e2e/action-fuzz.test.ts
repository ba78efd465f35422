// Property-based fuzz of every web action (decision 104). The list of actions is read from
// the route modules (every file in app/routes that exports `action`), and each needs an entry
// below saying who posts to it and how its URL parameters are filled, so a new action without
// one fails the test. The field names come from the page itself: the forms of its GET (signed in
// as that person) give the names and the values of the buttons. Bodies are generated from them:
// the form's own values, wrong ones, boundaries, huge numbers, NUL and control characters,
// impossible dates, very long texts, repeated and unknown fields, as URL-encoded or multipart
// posts with the same-origin headers. No reply may be a 5xx.
import { readdir, readFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { startServer } from "../../server";
import { TestClock } from "../../district-api/clock";
import { queryRows } from "../../district-api/db/client";
import { DEV_DESKTOP_CLIENT_KEY } from "../../district-api/services/cashier";
import { demoSnapshot } from "../support/pglite-snapshot";

// Random posts per action beside its per-field odd values: a few in `npm test`, more in
// `npm run test:fuzz` (ACTION_FUZZ_RUNS, ACTION_FUZZ_SEED), as for the contract fuzz (decision 151).
const SEED = Number(process.env.ACTION_FUZZ_SEED ?? 150_015);
const RUNS = Number(process.env.ACTION_FUZZ_RUNS ?? 4);

type Who = "public" | "family" | "proposer" | "feeadmin" | "admin" | "cashier";

/** Who posts to each action, and what fills each `$param` of its file name. */
const ACTIONS: Record<
  string,
  { who: Who; params?: Record<string, "section" | "program" | "id" | "staff" | "promise"> }
> = {
  "admin.fees.$id.tsx": { who: "admin", params: { id: "id" } },
  "admin.fees.$id_.assess.tsx": { who: "admin", params: { id: "id" } },
  "admin.fees.$id_.assessed.tsx": { who: "admin", params: { id: "id" } },
  "admin.fees._index.tsx": { who: "admin" },
  "admin.fees.new.tsx": { who: "admin" },
  "admin.imports._index.tsx": { who: "admin" },
  "admin.imports.files.tsx": { who: "admin" },
  "admin.imports.runs.$id.tsx": { who: "admin", params: { id: "id" } },
  "admin.maintenance.tsx": { who: "admin" },
  "admin.people.$id.tsx": { who: "admin", params: { id: "id" } },
  "admin.programs.$id.tsx": { who: "admin", params: { id: "program" } },
  "admin.programs.$id_.sections.new.tsx": { who: "admin", params: { id: "program" } },
  "admin.programs.courses.tsx": { who: "admin" },
  "admin.programs.courses_.$id.tsx": { who: "admin", params: { id: "id" } },
  "admin.programs.new.tsx": { who: "admin" },
  "admin.programs.sections.$sectionId.tsx": { who: "admin", params: { sectionId: "section" } },
  "admin.programs.sections.$sectionId_.cancel.tsx": {
    who: "admin",
    params: { sectionId: "section" },
  },
  "admin.schools.$id.tsx": { who: "admin", params: { id: "id" } },
  "admin.schools.new.tsx": { who: "admin" },
  "admin.spanish.tsx": { who: "admin" },
  "admin.schools.years.$id.tsx": { who: "admin", params: { id: "id" } },
  "admin.schools.years.new.tsx": { who: "admin" },
  "admin.settings.tsx": { who: "admin" },
  // Accounts made for the fuzz: resetting or deactivating the demo staff would sign out the
  // sessions the other actions are fuzzed with.
  "admin.staff.$id.tsx": { who: "admin", params: { id: "staff" } },
  "admin.staff.new.tsx": { who: "admin" },
  "cart.card.tsx": { who: "family" },
  "cart.in-person.reader.tsx": { who: "cashier" },
  "cart.tsx": { who: "family" },
  "cart_.in-person.tsx": { who: "cashier" },
  "desktop.session.tsx": { who: "public" },
  "edit-profile.tsx": { who: "family" },
  "fees.tsx": { who: "family" },
  "guest-receipts.tsx": { who: "family" },
  "household.add.tsx": { who: "family" },
  "household.cart.tsx": { who: "family" },
  "household.forget.tsx": { who: "family" },
  "household.switch.tsx": { who: "family" },
  "instructor.buy-fees.tsx": { who: "proposer" },
  "instructor.cart.tsx": { who: "proposer" },
  "instructor.cart_.in-person.tsx": { who: "cashier" },
  "instructor.fee-proposals.tsx": { who: "feeadmin" },
  "instructor.fees.$id.edit.tsx": { who: "proposer", params: { id: "id" } },
  "instructor.fees.new.tsx": { who: "proposer" },
  "instructor.sign-in.tsx": { who: "public" },
  "language.tsx": { who: "public" },
  "office.checks.$id.tsx": { who: "admin", params: { id: "promise" } },
  "office.mail.tsx": { who: "admin" },
  "office.payments.$id.tsx": { who: "admin", params: { id: "id" } },
  "office.refunds.tsx": { who: "admin" },
  "payment.$courseSelectionUUID.tsx": {
    who: "family",
    params: { courseSelectionUUID: "section" },
  },
  "programs.confirm-cancel.$courseSelectionUUID.tsx": {
    who: "family",
    params: { courseSelectionUUID: "section" },
  },
  "programs.confirm-remove.$courseSelectionUUID.tsx": {
    who: "family",
    params: { courseSelectionUUID: "section" },
  },
  "programs.questions.$courseSelectionUUID.tsx": {
    who: "family",
    params: { courseSelectionUUID: "section" },
  },
  "programs.survey.$programUUID.tsx": { who: "family", params: { programUUID: "program" } },
  "programs.tsx": { who: "family" },
  "register-community-member.tsx": { who: "public" },
  "register-guest.tsx": { who: "public" },
  "session.refresh.tsx": { who: "family" },
  "signin.tsx": { who: "public" },
  "signout.tsx": { who: "family" },
  "simulator.checkout.$sessionId.tsx": { who: "family", params: { sessionId: "id" } },
};

/** "instructor.fees.$id.edit.tsx" → "/instructor/fees/$id/edit" (Remix flat routes). */
function urlOf(file: string): string {
  const segs = file
    .replace(/\.tsx?$/, "")
    .split(".")
    .filter((s) => s !== "_index")
    .map((s) => s.replace(/_$/, ""));
  return `/${segs.join("/")}`;
}

const ODD_TEXT = [
  "",
  " ",
  "a\u0000b",
  "\u0007",
  "\u001b[2J",
  "\ud800",
  "😀 李 Nguyễn",
  "2012-02-31",
  "02/31/2012",
  "13/45/2012",
  "00/00/0000",
  "12/31/9999",
  "9999-12-31",
  "99999999999",
  "21474836.48",
  "1e400",
  "-1",
  "NaN",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  '{"a":',
  "x".repeat(5_000),
  "y".repeat(200_000),
];
const ODD_SEGMENTS = ["%00", "%ff", "99999999999", "-1", "0", "abc", "x".repeat(300)];

interface Form {
  names: string[];
  values: Record<string, string[]>;
}

/** The names and values of every control in the page's HTML. */
function formOf(html: string): Form {
  const names = new Set<string>();
  const values: Record<string, string[]> = {};
  for (const m of html.matchAll(/<(input|select|textarea|button)\b([^>]*)>/gi)) {
    const attrs = m[2]!;
    const name = /\bname="([^"]*)"/.exec(attrs)?.[1];
    if (!name) continue;
    names.add(name);
    const value = /\bvalue="([^"]*)"/.exec(attrs)?.[1];
    if (value !== undefined) (values[name] ??= []).push(value.replace(/&quot;/g, '"'));
  }
  for (const m of html.matchAll(/<option\b[^>]*value="([^"]*)"/gi)) {
    (values.__options ??= []).push(m[1]!);
  }
  return { names: [...names], values };
}

const COMMON_NAMES = [
  "intent",
  "_action",
  "id",
  "amount",
  "quantity",
  "email",
  "dob",
  "redirectTo",
];

function bodyArb(form: Form): fc.Arbitrary<[string, string][]> {
  const names = form.names.length ? form.names : COMMON_NAMES;
  const valueFor = (name: string) =>
    fc.oneof(
      {
        arbitrary: fc.constantFrom(
          ...(form.values[name] ?? [""]),
          ...(form.values.__options ?? [""]),
        ),
        weight: 4,
      },
      { arbitrary: fc.constantFrom(...ODD_TEXT), weight: 3 },
      { arbitrary: fc.string({ maxLength: 30 }), weight: 1 },
    );
  const pair = fc.oneof(
    {
      arbitrary: fc
        .constantFrom(...names)
        .chain((n) => valueFor(n).map((v) => [n, v] as [string, string])),
      weight: 6,
    },
    {
      arbitrary: fc.tuple(
        fc.constantFrom("__proto__", "x[0]", "a.b", "\u0000", ""),
        fc.constantFrom(...ODD_TEXT),
      ),
      weight: 1,
    },
  );
  // Most posts carry every field once (as the form would), with some made odd.
  const full = fc
    .tuple(...names.map((n) => valueFor(n)))
    .map((vs) => names.map((n, i) => [n, vs[i]!] as [string, string]));
  return fc.oneof(
    { arbitrary: full, weight: 3 },
    { arbitrary: fc.array(pair, { maxLength: 12 }), weight: 2 },
  );
}

function encode(pairs: [string, string][], multipart: boolean): { type: string; body: BodyInit } {
  if (!multipart) {
    return {
      type: "application/x-www-form-urlencoded",
      body: new URLSearchParams(pairs).toString(),
    };
  }
  const fd = new FormData();
  for (const [k, v] of pairs) fd.append(k, v);
  fd.append(
    "digitalSignatureFile",
    new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0])]),
    "x.png",
  );
  return { type: "", body: fd };
}

// ---- The run -------------------------------------------------------------------------------

const dataDir = await mkdtemp(path.join(tmpdir(), "action-fuzz-"));
process.env.LOG_LEVEL ??= "silent";
const server = await startServer({
  port: 0,
  host: "127.0.0.1",
  dataDir,
  inMemory: true,
  pgliteSnapshot: await demoSnapshot(),
  clock: new TestClock(),
});
afterAll(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});
const base = server.url;

async function formLogin(pathname: string, body: string): Promise<string> {
  const res = await fetch(`${base}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body,
  });
  return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
}

const cookies: Record<Who, string> = {
  public: "",
  family: await formLogin("/signin", "intent=login&studentId=100031&dob=01%2F15%2F2012"),
  proposer: await formLogin("/instructor/sign-in", "username=proposer&password=proposer-demo"),
  feeadmin: await formLogin("/instructor/sign-in", "username=feeadmin&password=feeadmin-demo"),
  admin: await formLogin("/instructor/sign-in", "username=admin&password=admin-demo"),
  cashier: "",
};
{
  // A desktop cashier session: the host pushes a staff token with the desktop client key.
  const tokenReply = await fetch(`${base}/v1/instructor`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "instructor", password: "instructor-demo" }),
  });
  const { accessToken } = (await tokenReply.json()) as { accessToken: string };
  const res = await fetch(`${base}/desktop/session`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify({ accessToken, desktopKey: DEV_DESKTOP_CLIENT_KEY }),
  });
  cookies.cashier = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
}

const db = server.api!.deps.db;
const sections = await queryRows<{ id: string }>(
  db,
  sql`select id::text as id from course_sections limit 20`,
);
const programs = await queryRows<{ id: string }>(
  db,
  sql`select id::text as id from programs limit 20`,
);
const fuzzStaff: string[] = [];
{
  const token = await fetch(`${base}/v1/instructor`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "admin", password: "admin-demo" }),
  }).then(async (r) => ((await r.json()) as { accessToken: string }).accessToken);
  for (const n of [1, 2, 3]) {
    const r = await fetch(`${base}/v1/admin/staff`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({
        username: `fuzz${n}`,
        employeeId: `FZ${n}`,
        nameFirst: "Fuzz",
        nameLast: `Staff ${n}`,
        roles: ["instructor"],
        password: "fuzz-password-1",
      }),
    });
    fuzzStaff.push(String(((await r.json()) as { id: number }).id));
  }
}
// Mailed-check promises for the business office's page (decision 123), on seeded registrations.
const promises = await queryRows<{ id: number }>(
  db,
  sql`insert into payments (owner_key, registration_id, method, amount_cents, status,
        idempotency_key, confirmation_id, created_at)
      select 'student:' || r.participant_id, r.id, 'mail', 2500, 'pending', 'fuzz-mail-' || r.id,
        'F' || row_number() over (), now()
      from (select id, participant_id from registrations limit 3) r
      returning id`,
);
const known = {
  promise: promises.map((r) => String(r.id)),
  section: sections.map((r) => r.id),
  program: programs.map((r) => r.id),
  id: ["1", "2", "3"],
  staff: fuzzStaff,
};

const routeFiles = (await readdir(path.join(process.cwd(), "app/routes"))).sort();
const actionFiles: string[] = [];
for (const f of routeFiles) {
  const src = await readFile(path.join(process.cwd(), "app/routes", f), "utf8");
  if (/export\s+(async\s+)?(function|const)\s+action\b/.test(src)) actionFiles.push(f);
}
let posts = 0;
const statuses = new Map<number, number>();

describe("the web actions", () => {
  it("each has an entry saying who posts and how its parameters are filled", () => {
    expect(actionFiles.filter((f) => !ACTIONS[f])).toEqual([]);
    expect(actionFiles.length).toBeGreaterThan(20);
  });
});

describe("the fee request form on a refused value", () => {
  const post = (over: Record<string, string>) => {
    const fields: Record<string, string> = {
      name: "Band Trip",
      school: "1",
      year: "1",
      category: "1",
      approvalRoute: "1",
      type: "Optional",
      cost: "25.50",
      accountNumber: "10-1000",
      allowStudent: "on",
      collectionStart: "2098-01-01",
      collectionEnd: "2098-02-01",
      description: "A trip",
      otherInformation: "",
      "sponsors[0].id": "E1003",
      "sponsors[0].name": "Paula Proposer",
      requiresAdditionalInformation: "no",
      ...over,
    };
    return fetch(`${base}/instructor/fees/new`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: base,
        Cookie: cookies.proposer,
      },
      body: new URLSearchParams(fields).toString(),
    });
  };

  it.each([
    ["cost", "21474836.48", "Cost can be at most $1,000,000.00."],
    ["collectionEnd", "9999-12-31", "Enter a valid date."],
    ["name", "Band\u0000Trip", "Remove the control characters from this field."],
  ])("names the field %s (%s) instead of a general error", async (field, value, message) => {
    const res = await post({ [field]: value });
    const html = await res.text();
    expect(res.status).toBe(400);
    expect(html).toContain(message);
    expect(html).not.toContain("There was an error.");
  });
});

describe("the staff list pages' searches", () => {
  const LISTS = [
    "/admin/programs",
    "/admin/programs/courses",
    "/admin/people",
    "/admin/fees",
    "/admin/audit",
    "/admin/imports",
    "/admin/staff",
    "/office/checks",
    "/office/payments",
    "/office/report",
    "/office/day-sheet",
  ];
  const QUERIES = [
    "q=%00",
    "q=%ED%A0%80",
    `q=${"x".repeat(5_000)}`,
    "page=1099511627776",
    "page=-1",
    "page=1e400",
    "from=2026-02-31&to=9999-12-31",
    "actor=%00&action=%00&entity=%00&kind=%00&status=%00",
  ];
  it("answer odd searches below 500, and say what is wrong with a search", async () => {
    const failures: string[] = [];
    for (const list of LISTS) {
      for (const query of QUERIES) {
        const res = await fetch(`${base}${list}?${query}`, {
          headers: { Cookie: cookies.admin },
          redirect: "manual",
        });
        await res.text();
        if (res.status >= 500) failures.push(`${list}?${query.slice(0, 40)} → ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
    const programs = await fetch(`${base}/admin/programs?q=a%00b`, {
      headers: { Cookie: cookies.admin },
    });
    expect(programs.status).toBe(200);
    expect(await programs.text()).toContain("Remove the control characters from the search.");
  });
});

// conform builds a list as long as the largest index posted, and the schema walks it
// (decision 134). Every action gets its own fields with huge indexes, several at once, and a
// deeply nested name; each must be answered below 500 (a refusal of the names is a 400), so none
// may freeze.
const HUGE_INDEXES = ["[100000000]", "[2147483648]", "[99999]"];
/** Posts each action gets from the test of large indexes: 9 bodies, each URL-encoded and multipart. */
const INDEX_POSTS = (HUGE_INDEXES.length * 2 + 3) * 2;

describe("large list indexes posted to every web action", () => {
  for (const file of actionFiles) {
    const entry = ACTIONS[file];
    if (!entry) continue;
    it(`${urlOf(file)} (${entry.who})`, async () => {
      const cookie = cookies[entry.who];
      const url = urlOf(file).replace(
        /\$(\w+)/g,
        (_m, p: string) => known[entry.params?.[p] ?? "id"][0]!,
      );
      const getPage = () => fetch(`${base}${url}`, { headers: { Cookie: cookie } });
      const page = await getPage().catch(getPage);
      const form = formOf(page.ok ? await page.text() : "");
      const names = [...new Set(form.names.map((n) => n.replace(/\[\d+\].*$/, "")))].slice(0, 6);
      const own = names.length ? names : ["a"];
      const bodies = [
        ...HUGE_INDEXES.map((index) => own.map((n) => [`${n}${index}`, "1"] as [string, string])),
        ...HUGE_INDEXES.map((index) =>
          own.map((n) => [`${n}${index}.nameFirst`, "x"] as [string, string]),
        ),
        [
          ["a[100000000]", "1"],
          ["b[100000000]", "1"],
          ["c[100000000]", "1"],
        ] as [string, string][],
        [[`${"a.".repeat(2_000)}b`, "1"]] as [string, string][],
        [
          [
            "__intent__",
            JSON.stringify({
              type: "update",
              payload: { name: own[0], index: 100_000_000, value: "x" },
            }),
          ],
        ] as [string, string][],
      ];
      const failures: string[] = [];
      for (const body of bodies) {
        for (const multipart of [false, true]) {
          const send = () => {
            const { type, body: encoded } = encode(body, multipart);
            return fetch(`${base}${url}`, {
              method: "POST",
              redirect: "manual",
              headers: { ...(type ? { "Content-Type": type } : {}), Origin: base, Cookie: cookie },
              body: encoded,
            });
          };
          const res = await send().catch(send);
          await res.text();
          posts++;
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status >= 500) failures.push(`${body[0]![0].slice(0, 60)} → ${res.status}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }
});

describe("fuzz of every web action", () => {
  for (const file of actionFiles) {
    const entry = ACTIONS[file];
    if (!entry) continue;
    it(`${urlOf(file)} (${entry.who})`, async () => {
      const cookie = cookies[entry.who];
      const params = [...urlOf(file).matchAll(/\$(\w+)/g)].map((m) => m[1]!);
      const segment = (p: string) =>
        fc.oneof(
          {
            arbitrary: fc.constantFrom(...known[entry.params?.[p] ?? "id"]).map(encodeURIComponent),
            weight: 3,
          },
          { arbitrary: fc.constantFrom(...ODD_SEGMENTS), weight: 1 },
        );
      const urlArb = fc
        .tuple(...params.map(segment))
        .map((vs) => params.reduce((u, p, i) => u.replace(`$${p}`, vs[i]!), urlOf(file)));
      // The page's own form gives the field names (with a real parameter).
      const [pageUrl] = fc.sample(
        fc
          .tuple(...params.map((p) => fc.constantFrom(...known[entry.params?.[p] ?? "id"])))
          .map((vs) => params.reduce((u, p, i) => u.replace(`$${p}`, vs[i]!), urlOf(file))),
        { seed: SEED, numRuns: 1 },
      );
      // A kept-alive connection the server closed meanwhile is reset: ask once more.
      const getPage = () => fetch(`${base}${pageUrl}`, { headers: { Cookie: cookie } });
      const page = await getPage().catch(getPage);
      const form = formOf(page.ok ? await page.text() : "");
      const input = fc.record({
        url: urlArb,
        body: bodyArb(form),
        multipart: fc.boolean(),
        // After the URL: nothing, an index route's marker, the data URL a page with its scripts
        // posts its forms to (single fetch's `<page>.data`), the data request of a page opened
        // before single fetch (Remix still answers `_data`), a redirect elsewhere.
        tail: fc.constantFrom(
          "",
          "?index",
          ".data",
          "?_data=routes%2Fsignin",
          "?redirectTo=%2F%2Fevil.example",
        ),
      });
      const out = await fc.check(
        fc.asyncProperty(input, async ({ url, body, multipart, tail }) => {
          const send = () => {
            const { type, body: encoded } = encode(body, multipart);
            return fetch(`${base}${url}${tail}`, {
              method: "POST",
              redirect: "manual",
              headers: { ...(type ? { "Content-Type": type } : {}), Origin: base, Cookie: cookie },
              body: encoded,
            });
          };
          // A kept-alive connection the server closed meanwhile is reset: send once more.
          const res = await send()
            .catch(send)
            .catch((err: Error & { cause?: unknown }) => {
              throw new Error(`POST ${url.slice(0, 120)}${tail}: no reply (${String(err.cause)})`);
            });
          const text = await res.text();
          posts++;
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status >= 500) {
            throw new Error(
              `POST ${url.slice(0, 120)}${tail} → ${res.status} ${text.slice(0, 200)}`,
            );
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      if (out.failed) {
        const example = JSON.stringify(out.counterexample, (_k, v: unknown) =>
          typeof v === "string" && v.length > 200 ? `${v.slice(0, 200)}…(${v.length})` : v,
        );
        throw new Error(`${String(out.errorInstance)}\ninput: ${example?.slice(0, 2000)}`);
      }
    });
  }

  it("sent the posts it says it did", () => {
    console.info(
      `action fuzz: ${actionFiles.length} actions, ${posts} posts, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(posts).toBe(actionFiles.length * (RUNS + INDEX_POSTS));
  });
});
