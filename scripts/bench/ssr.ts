// Server throughput of /programs (decision 094): a signed-in student with 100 activities, rendered
// by the app, against the same HTML sent as a static file by Express in the same process. Both at
// 32 concurrent connections. Usage: npm run bench:ssr [-- --seconds 10 --connections 32 --profile]
// It also renders the lightest page a signed-in person gets (the start page, /: the header with
// its cart badge and a short questionnaire) at the same load: the framework's floor for any page,
// so no rendered /programs can go faster (decision 094).
// --profile writes a CPU profile of the rendered run (main thread) to the temporary folder (the
// profiler slows that run down a little; compare figures without it).
// Besides req/s and latencies it prints the main thread's busy time per request (event-loop
// utilisation times elapsed over requests), which is steadier than req/s on a shared machine, and
// the process's CPU time per request (all threads, gzip included), steadier still when other
// processes compete for the cores (busy time counts the time the thread waited for a core).
import { Session } from "node:inspector/promises";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { gzipSync } from "node:zlib";
import type { AddressInfo } from "node:net";
import express from "express";
import compression from "compression";
import { Agent, request } from "undici";
import { addManyActivities, startBenchServer } from "./support";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

function flag(name: string): boolean {
  return process.argv.includes(`--${name}`);
}

interface Result {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Main-thread busy milliseconds per request. */
  busyMs: number;
  /** CPU milliseconds of the whole process (every thread) per request. */
  cpuMs: number;
}

async function load(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
): Promise<Result> {
  const agent = new Agent({ connections, pipelining: 1 });
  const latencies: number[] = [];
  let errors = 0;
  const deadline = Date.now() + seconds * 1000;
  async function worker() {
    while (Date.now() < deadline) {
      const t0 = performance.now();
      try {
        const res = await request(url, { dispatcher: agent, headers });
        await res.body.arrayBuffer();
        if (res.statusCode !== 200) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  }
  const start = performance.now();
  const elu0 = performance.eventLoopUtilization();
  const cpu0 = process.cpuUsage();
  await Promise.all(Array.from({ length: connections }, worker));
  const elu = performance.eventLoopUtilization(elu0);
  const cpu = process.cpuUsage(cpu0);
  const elapsed = (performance.now() - start) / 1000;
  await agent.close();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    errors,
    rps: latencies.length / elapsed,
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    busyMs: elu.active / Math.max(1, latencies.length),
    cpuMs: (cpu.user + cpu.system) / 1000 / Math.max(1, latencies.length),
  };
}

async function main() {
  const seconds = arg("seconds", 10);
  const connections = arg("connections", 32);
  const server = await startBenchServer();
  await addManyActivities(server, 100);

  // Sign in as a student through the form post, keeping the session cookie.
  const login = await fetch(`${server.url}/signin`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
    body: "intent=login&studentId=100012&dob=01%2F15%2F2012",
  });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
  if (!cookie.startsWith("__session=")) throw new Error(`sign-in failed: ${login.status}`);
  const headers = { cookie, "accept-encoding": "gzip" };
  const page = await fetch(`${server.url}/programs`, { headers: { cookie } });
  const html = await page.text();
  if (page.status !== 200) throw new Error(`/programs answered ${page.status}`);
  const cards = (html.match(/Benchmark Activity \d+/g) ?? []).length;

  const dir = await mkdtemp(path.join(tmpdir(), "ssr-static-"));
  await writeFile(path.join(dir, "programs.html"), html);
  const staticApp = express();
  staticApp.use(compression());
  staticApp.use(express.static(dir));
  const staticServer = staticApp.listen(0, "127.0.0.1");
  await new Promise((r) => staticServer.once("listening", r));
  const staticUrl = `http://127.0.0.1:${(staticServer.address() as AddressInfo).port}/programs.html`;

  // Loader data that Remix embeds in the page for hydration (window.__remixContext).
  const context = /window\.__remixContext = (.*?);<\/script>/s.exec(html)?.[1] ?? "";
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `/programs HTML: ${kb(Buffer.byteLength(html))} (${kb(gzipSync(html).length)} gzip), ` +
      `hydration data ${kb(Buffer.byteLength(context))}, ${cards} benchmark activity names in it`,
  );
  console.log(`load: ${connections} connections, ${seconds} s each\n`);
  await load(`${server.url}/programs`, headers, 2, connections); // warm-up
  const session = flag("profile") ? new Session() : null;
  if (session) {
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.start");
  }
  const ssr = await load(`${server.url}/programs`, headers, seconds, connections);
  const floor = await load(`${server.url}/`, headers, seconds, connections);
  if (session) {
    const { profile } = await session.post("Profiler.stop");
    const file = path.join(tmpdir(), `ssr-${Date.now()}.cpuprofile`);
    await writeFile(file, JSON.stringify(profile));
    session.disconnect();
    console.log(`CPU profile of the rendered run: ${file}`);
  }
  const stat = await load(staticUrl, headers, seconds, connections);
  const row = (name: string, r: Result) =>
    console.log(
      `${name.padEnd(22)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(1)} ms   p95 ${r.p95.toFixed(1)} ms   p99 ${r.p99.toFixed(1)} ms   main thread ${r.busyMs.toFixed(1)} ms/req   cpu ${r.cpuMs.toFixed(1)} ms/req   errors ${r.errors}`,
    );
  row("rendered /programs", ssr);
  row("static same HTML", stat);
  row("floor: rendered /", floor);
  const pct = (r: Result) => `${((r.rps / stat.rps) * 100).toFixed(1)} %`;
  console.log(`\nratio rendered/static: ${pct(ssr)} (target at least 20 %)`);
  console.log(`floor: the lightest signed-in page against the same static file: ${pct(floor)}`);
  staticServer.close();
  await server.close();
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
