// The family's whole journey on a slow phone (decision 161): the questionnaire at `/`, sign-in, the
// programs, registering for Summer Band and paying for it by card in the simulator, up to
// "Payment Complete". The phone: 400 kbit/s each way, 400 ms latency, CPU 5× slower, 360×640.
// Prints the wall-clock time of each step and the total, and the JS and CSS bytes (gzip, over the
// wire) of each page loaded. The machine's own load adds to the times: run it on a quiet machine
// and more than once before comparing figures.
// Usage: npm run bench:slow-phone [-- --no-throttle] [-- --runs N]
import type { BrowserContext, Page, Request } from "playwright-core";
import { launchChromium } from "../../tests/support/browser";
import { startBenchServer } from "./support";

const PHONE = {
  viewport: { width: 360, height: 640 },
  latencyMs: 400,
  kbitPerSecond: 400,
  cpuSlowdown: 5,
};

interface Step {
  name: string;
  ms: number;
  /** Encoded bytes of the documents, scripts and stylesheets the step's requests received. */
  html: number;
  js: number;
  css: number;
  /** The documents the step loaded (a client-side navigation loads none). */
  documents: string[];
}

async function throttle(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: PHONE.latencyMs,
    downloadThroughput: (PHONE.kbitPerSecond * 1000) / 8,
    uploadThroughput: (PHONE.kbitPerSecond * 1000) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: PHONE.cpuSlowdown });
}

/** Adds each response's encoded bytes to the step that was running when it was requested. */
function countBytes(page: Page, current: () => Step | undefined): () => Promise<void> {
  const pending: Promise<void>[] = [];
  page.on("request", (req: Request) => {
    const type = req.resourceType();
    const step = current();
    if (!step || (type !== "document" && type !== "script" && type !== "stylesheet")) return;
    if (type === "document" && req.frame() === page.mainFrame()) {
      const url = new URL(req.url());
      step.documents.push(url.pathname + url.search);
    }
    pending.push(
      (async () => {
        const res = await req.response().catch(() => null);
        const sizes = res ? await req.sizes().catch(() => null) : null;
        // A redirect or a failed request reports no body (-1 or 0).
        const bytes = Math.max(0, sizes?.responseBodySize ?? 0);
        if (type === "document") step.html += bytes;
        else if (type === "script") step.js += bytes;
        else step.css += bytes;
      })(),
    );
  });
  return () => Promise.all(pending).then(() => undefined);
}

async function journey(
  page: Page,
  studentId: string,
  step: (name: string, run: () => Promise<void>) => Promise<void>,
): Promise<void> {
  await step("/ (questionnaire)", async () => {
    await page.goto("/", { waitUntil: "load" });
    await page.getByRole("link", { name: "Current student or parent" }).waitFor();
  });
  await step("choose 'Current student or parent'", async () => {
    await page.getByRole("link", { name: "Current student or parent" }).click();
    await page.getByRole("link", { name: "Register for programs" }).waitFor();
  });
  await step("'Register for programs' to the sign-in", async () => {
    await page.getByRole("link", { name: "Register for programs" }).click();
    await page.getByLabel("Student or Community Member ID Number").waitFor();
  });
  await step("sign in to the programs", async () => {
    await page.getByLabel("Student or Community Member ID Number").fill(studentId);
    await page.getByLabel("Birth Date (MM/DD/YYYY)").fill("01/15/2012");
    await page.getByRole("button", { name: "Login" }).click();
    await page
      .getByRole("article", { name: "Summer Band" })
      .getByRole("button", { name: "Register" })
      .waitFor();
  });
  await step("register for Summer Band", async () => {
    await page
      .getByRole("article", { name: "Summer Band" })
      .getByRole("button", { name: "Register" })
      .click();
    await page.getByLabel("Pay online by card").waitFor();
  });
  await step("choose card and enter it", async () => {
    await page.getByLabel("Pay online by card").check();
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  });
  await step("pay to Payment Complete", async () => {
    await page.getByRole("button", { name: /^Pay \$[\d,.]+ Now$/ }).click();
    await page.getByRole("heading", { name: "Payment Complete" }).waitFor();
  });
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  const noThrottle = process.argv.includes("--no-throttle");
  const runsAt = process.argv.indexOf("--runs");
  const runs = runsAt > 0 ? Math.max(1, Number(process.argv[runsAt + 1]) || 1) : 1;
  const server = await startBenchServer();
  const browser = await launchChromium();
  try {
    // The phone meets a server that has served these pages before: one unthrottled journey
    // first (student 100010), so the server's code is warm and every asset it sends is already
    // compressed (brotli is made once per asset, in the background: decision 161).
    const warm = await browser.newContext({ baseURL: server.url, viewport: PHONE.viewport });
    await journey(await warm.newPage(), "100010", (_name, run) => run());
    await warm.close();
    await new Promise((resolve) => setTimeout(resolve, 2000)); // the last assets' brotli
    console.log(
      noThrottle
        ? "slow-phone journey, unthrottled (360x640)"
        : `slow-phone journey: ${PHONE.kbitPerSecond} kbit/s, ${PHONE.latencyMs} ms latency, CPU x${PHONE.cpuSlowdown}, ${PHONE.viewport.width}x${PHONE.viewport.height}`,
    );
    const totals: number[] = [];
    for (let run = 1; run <= runs; run++) {
      // Each run is a new phone (empty cache, no cookies) and another demo student, for whom
      // Summer Band still offers "Register".
      const studentId = String(100010 + run);
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: PHONE.viewport,
        isMobile: true,
        hasTouch: true,
      });
      context.setDefaultTimeout(120_000);
      const page = await context.newPage();
      if (!noThrottle) await throttle(context, page);
      const steps: Step[] = [];
      const settle = countBytes(page, () => steps[steps.length - 1]);
      const started = Date.now();
      await journey(page, studentId, async (name, run) => {
        const step: Step = { name, ms: 0, html: 0, js: 0, css: 0, documents: [] };
        steps.push(step);
        const t0 = Date.now();
        await run();
        step.ms = Date.now() - t0;
      });
      const total = Date.now() - started;
      totals.push(total);
      await settle();
      console.log(`\nrun ${run}: total ${sec(total)}`);
      console.log(
        `  ${"step".padEnd(40)}${"time".padStart(8)}  ${"JS".padEnd(10)}${"CSS".padEnd(10)}${"HTML".padEnd(10)}documents`,
      );
      for (const s of steps) {
        console.log(
          `  ${s.name.padEnd(40)}${sec(s.ms).padStart(8)}  ${kb(s.js).padEnd(10)}${kb(s.css).padEnd(10)}${kb(s.html).padEnd(10)}${s.documents.join(" ")}`,
        );
      }
      await context.close();
    }
    if (runs > 1) {
      const sorted = [...totals].sort((a, b) => a - b);
      console.log(
        `\ntotals: ${totals.map(sec).join(", ")}; median ${sec(sorted[Math.floor(sorted.length / 2)]!)}`,
      );
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
