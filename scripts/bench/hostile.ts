// The worst bodies we can build, sent to every public route of the district API and every web
// action (decision 134), while a concurrent poller asks /healthz every few milliseconds.
// Prints, per kind of body, the replies' statuses and the longest time it took to answer, and
// the longest stall /healthz saw; the target is under 50 ms on an idle machine (the figure counts
// the machine's other load as well). Usage: npm run bench:hostile
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { startBenchServer } from "./support";

const TARGET_MS = 50;
const server = await startBenchServer();
const base = server.url;

// ---- The bodies, built before anything is measured -------------------------------------------

interface Attack {
  kind: string;
  method: string;
  path: string;
  type: string;
  body: Buffer;
  gzip?: boolean;
}

const JSON_LIMIT = 1024 * 1024;
const FORM_LIMIT = 256 * 1024;

/** Deep nesting padded with texts to about 1 MB (the body decision 134 tells of: depth 2,500). */
function deepPadded(depth: number): string {
  const pad = "p".repeat(Math.floor(JSON_LIMIT / depth) - 10);
  return `{"nameFirst":"a","x":${`["${pad}",`.repeat(depth)}0${"]".repeat(depth)}}`;
}
/** Lists of 999 items (just under the width cap) nested 30 deep (just under the depth cap). */
function wideWithinCaps(): string {
  const row = `[${new Array(999).fill(0).join(",")}]`;
  const rows = Math.floor((JSON_LIMIT * 0.9) / (row.length + 1));
  const wide = `[${new Array(Math.min(rows, 999)).fill(row).join(",")}]`;
  return `{"x":${"[".repeat(28)}${wide}${"]".repeat(28)}}`;
}
/** Objects with many keys, each holding a short text with a control character at the end. */
function manyKeys(): string {
  const keys = Array.from({ length: 999 }, (_v, i) => `"k${i}":"${"t".repeat(900)}"`).join(",");
  return `{"nameFirst":"a","x":{${keys}},"y":"\\u0000"}`;
}

const JSON_BODIES: [string, string, boolean][] = [
  ["json: depth 2,500 padded to ~1 MB", deepPadded(2_500), false],
  ["json: depth 20,000 gzipped", `${"[".repeat(20_000)}${"]".repeat(20_000)}`, true],
  ["json: 1 MB of 999-item lists, 30 deep", wideWithinCaps(), false],
  ["json: 1 MB of lists gzipped", wideWithinCaps(), true],
  ["json: 200,000-item list gzipped", `{"x":[${new Array(200_000).fill(0).join(",")}]}`, true],
  ["json: 999 keys of 900 characters", manyKeys(), false],
  ["json: 2 MB inflated from gzip", `{"x":"${" ".repeat(2 * JSON_LIMIT)}"}`, true],
  [
    "json: 10 guardians' worth of 999 empty guardians",
    `{"guardians":[${new Array(999).fill("{}").join(",")}]}`,
    false,
  ],
];
const PUBLIC_JSON: [string, string][] = [
  ["POST", "/v1/student"],
  ["POST", "/v1/instructor"],
  ["POST", "/v1/identity/desktop-session"],
  ["PUT", "/v1/student/recover-student"],
  ["PUT", "/v1/community/recover-member"],
  ["PUT", "/v1/community/register-guest"],
  ["PUT", "/v1/community/register-member"],
  ["POST", "/v1/payment/webhook"],
];

/** A urlencoded body of `pairs` repeated up to the web app's body limit. */
function formUpToLimit(unit: (i: number) => string): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < FORM_LIMIT - 200; i++) {
    const part = unit(i);
    parts.push(part);
    size += part.length + 1;
  }
  return parts.join("&");
}

const FORM_BODIES: [string, string][] = [
  ["form: guardians[9999]", "nameFirst=A&guardians%5B9999%5D.nameFirst=x"],
  [
    "form: a[100000000] three times",
    "studentId=1&a%5B100000000%5D=1&b%5B100000000%5D=1&c%5B1%5D=1",
  ],
  ["form: a[2147483648]", "studentId=1&a%5B2147483648%5D=1"],
  ["form: name nested 3,000 deep", `${"a.".repeat(3_000)}b=1`],
  [
    "form: list intent to index 100000000",
    `__intent__=${encodeURIComponent('{"type":"update","payload":{"name":"guardians","index":100000000,"value":"x"}}')}`,
  ],
  ["form: one name 80,000 times", formUpToLimit(() => "intent=1")],
  ["form: 40,000 plain unknown names", formUpToLimit((i) => `u${i}=1`)],
  ["form: 20,000 indexes 0..n", formUpToLimit((i) => `g%5B${i}%5D=1`)],
];

const routeFiles = (await readdir(path.join(process.cwd(), "app/routes"))).sort();
const webActions: string[] = [];
for (const f of routeFiles) {
  const src = await readFile(path.join(process.cwd(), "app/routes", f), "utf8");
  if (!/export\s+(async\s+)?(function|const)\s+action\b/.test(src)) continue;
  const url = `/${f
    .replace(/\.tsx?$/, "")
    .split(".")
    .filter((s) => s !== "_index")
    .map((s) => s.replace(/_$/, "").replace(/^\$\w+$/, "1"))
    .join("/")}`;
  webActions.push(url);
}

const attacks: Attack[] = [];
for (const [kind, text, gzip] of JSON_BODIES) {
  const body = gzip ? gzipSync(text) : Buffer.from(text);
  for (const [method, p] of PUBLIC_JSON) {
    attacks.push({ kind, method, path: p, type: "application/json", body, gzip });
  }
}
for (const [kind, text] of FORM_BODIES) {
  const body = Buffer.from(text);
  for (const p of webActions) {
    attacks.push({
      kind,
      method: "POST",
      path: p,
      type: "application/x-www-form-urlencoded",
      body,
    });
  }
}

// ---- Sign-in cookies for the web actions behind a session -------------------------------------

async function cookieOf(p: string, body: string): Promise<string> {
  const res = await fetch(`${base}${p}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body,
  });
  return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
}
const family = await cookieOf("/signin", "intent=login&studentId=100031&dob=01%2F15%2F2012");
const admin = await cookieOf("/instructor/sign-in", "username=admin&password=admin-demo");
const cookieFor = (p: string) =>
  /^\/(admin|office|instructor\/(?!sign-in))/.test(p) ? admin : family;

// ---- The run ----------------------------------------------------------------------------------

let polling = true;
let longestHealthz = 0;
/** The longest /healthz wait since the current post was sent. */
let longestNow = 0;
let polls = 0;
const poller = (async () => {
  while (polling) {
    const started = performance.now();
    const res = await fetch(`${base}/healthz`);
    await res.arrayBuffer();
    const waited = performance.now() - started;
    longestHealthz = Math.max(longestHealthz, waited);
    longestNow = Math.max(longestNow, waited);
    polls++;
    await new Promise((r) => setTimeout(r, 5));
  }
})();

const byKind = new Map<string, { longest: number; stall: number; statuses: Map<number, number> }>();
for (const attack of attacks) {
  const headers: Record<string, string> = { "Content-Type": attack.type, Origin: base };
  if (attack.gzip) headers["Content-Encoding"] = "gzip";
  if (!attack.path.startsWith("/v1/")) headers.Cookie = cookieFor(attack.path);
  longestNow = 0;
  const started = performance.now();
  const res = await fetch(`${base}${attack.path}`, {
    method: attack.method,
    redirect: "manual",
    headers,
    body: new Uint8Array(attack.body),
  }).catch(() => null);
  await res?.arrayBuffer().catch(() => null);
  const ms = performance.now() - started;
  const row = byKind.get(attack.kind) ?? {
    longest: 0,
    stall: 0,
    statuses: new Map<number, number>(),
  };
  row.longest = Math.max(row.longest, ms);
  row.stall = Math.max(row.stall, longestNow);
  const status = res?.status ?? 0;
  row.statuses.set(status, (row.statuses.get(status) ?? 0) + 1);
  byKind.set(attack.kind, row);
}
polling = false;
await poller;

for (const [kind, row] of byKind) {
  const statuses = [...row.statuses].map(([s, n]) => `${s}×${n}`).join(" ");
  console.log(
    `${kind.padEnd(48)} reply ≤${row.longest.toFixed(0).padStart(6)} ms  /healthz ≤${row.stall.toFixed(0).padStart(5)} ms  ${statuses}`,
  );
}
console.log(
  `\n${attacks.length} hostile posts (${PUBLIC_JSON.length} public API routes, ${webActions.length} web actions); /healthz polled ${polls} times`,
);
console.log(
  `longest /healthz stall: ${longestHealthz.toFixed(1)} ms (target under ${TARGET_MS} ms)`,
);
await server.close();
process.exit(longestHealthz < TARGET_MS ? 0 : 1);
