// The payments report in a browser, with and without JavaScript (decision 132):
// the office opens the day's report from the navigation, reads the totals, downloads the CSV,
// and the CSV's figures (total, per method, per account code) match the screen. A mailed check's
// $5.00 given back in cash is a row of the report, and the office's end-of-day sheet takes a
// bounced check off its checks total (decision 139).
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { MODES, signInStaff, startTestApp, type TestApp } from "../support/browser";
import { queryRows } from "../../district-api/db/client";
import { DEFAULT_DISTRICT_TZ, zonedInstant } from "@domain/rules/time";
import { pdfText } from "../support/pdf";

let app: TestApp;
const db = () => app.server.api!.deps.db;
const zone = process.env.DISTRICT_TZ ?? DEFAULT_DISTRICT_TZ;
const DAY = "2032-05-10";
const OFFICE = "E1006";
const at = (time: string) => zonedInstant(DAY, `${time}:00`, zone).toISOString();

async function pay(method: string, cents: number, time: string, assessedFee: number, extra = "") {
  const [p] = await queryRows<{ id: number }>(
    db(),
    sql`insert into payments (owner_key, method, amount_cents, status, idempotency_key, provider_ref,
          created_at, settled_at, tendered_cents, change_cents, taken_by_employee_id)
        values ('student:100001', ${method}, ${cents}, 'succeeded', ${`e2e-report-${method}-${time}${extra}`},
          ${method === "stripe" ? `pi_e2e_${time.replace(":", "")}` : null}, ${at(time)}::timestamptz,
          ${at(time)}::timestamptz, ${method === "cash" ? cents + 1000 : null},
          ${method === "cash" ? 1000 : null}, ${method === "stripe" ? null : "E1001"})
        returning id`,
  );
  await db().execute(
    sql`insert into purchases (payment_id, assessed_fee_id, amount_cents, created_at)
        values (${p!.id}, ${assessedFee}, ${cents}, ${at(time)}::timestamptz)`,
  );
  return Number(p!.id);
}

beforeAll(async () => {
  app = await startTestApp();
  const fee = async (name: string, code: string) => {
    const [f] = await queryRows<{ id: number }>(
      db(),
      sql`insert into fees (name, amount_cents, account_code) values (${name}, 5000, ${code}) returning id`,
    );
    const [a] = await queryRows<{ id: number }>(
      db(),
      sql`insert into assessed_fees (fee_id, payer_key, participant_id, status, assessed_cost_cents)
          values (${f!.id}, 'student:100001', 100001, 'paid', 5000) returning id`,
    );
    return Number(a!.id);
  };
  const lab = await fee("E2E lab fee", "100-LAB");
  const band = await fee("E2E band fee", "200-BAND");
  await pay("stripe", 5000, "09:15", lab);
  const cash = await pay("cash", 4000, "10:30", band);
  await pay("inPersonCheck", 1250, "11:45", band);
  await pay("stripe", 775, "23:30", lab);
  await db().execute(
    sql`insert into payment_refunds (payment_id, amount_cents, reason, status, idempotency_key,
          created_at, settled_at)
        values (${cash}, 500, 'cart_changed', 'succeeded', 'e2e-report-refund',
          ${at("15:00")}::timestamptz, ${at("15:00")}::timestamptz)`,
  );
  // A $40 promise by mailed check: a $15 check, $5 of it given back in cash, a $7 check bounced.
  const [promise] = await queryRows<{ id: number }>(
    db(),
    sql`insert into payments (owner_key, method, amount_cents, status, idempotency_key, created_at)
        values ('student:100001', 'mail', 4000, 'pending', 'e2e-report-mail', ${at("08:00")}::timestamptz)
        returning id`,
  );
  await db().execute(
    sql`insert into mailed_checks (payment_id, check_number, amount_cents, received_on, status,
          recorded_by, recorded_at, undone_by, undone_at)
        values (${promise!.id}, '4401', 1500, ${DAY}::date, 'received', ${OFFICE}, ${at("12:00")}::timestamptz,
          null, null),
          (${promise!.id}, '4402', 700, ${DAY}::date, 'bounced', ${OFFICE}, ${at("12:05")}::timestamptz,
          ${OFFICE}, ${at("16:00")}::timestamptz)`,
  );
  await db().execute(
    sql`insert into payment_refunds (payment_id, amount_cents, reason, status, idempotency_key,
          created_at, settled_at, employee_id, paid_out_method, note)
        values (${promise!.id}, 500, 'office', 'succeeded', 'e2e-report-mail-refund',
          ${at("13:00")}::timestamptz, ${at("13:00")}::timestamptz, ${OFFICE}, 'cash', 'Goodwill')`,
  );
});
afterAll(async () => {
  await app?.close();
});

/** A PDF's text on one line (a cell's text may wrap). */
const flat = (s: string) => s.replace(/\s+/g, " ");

/** A CSV line's cells (this file's cells hold no commas or quotes). */
const cells = (line: string) => line.split(",");

describe.each(MODES)("the payments report $name", (mode) => {
  it("the office opens the day's report, downloads the CSV, and its figures match the screen", async () => {
    const page = await app.newPage(mode);
    await signInStaff(page, "office", { then: "/office" });
    await page
      .getByRole("navigation", { name: "Business office" })
      .getByRole("link", { name: "Payments report" })
      .click();
    await page.waitForURL("**/office/report");
    await page.getByLabel("From", { exact: true }).fill(DAY);
    await page.getByLabel("To", { exact: true }).fill(DAY);
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL((u) => u.searchParams.get("from") === DAY);
    // The day's own row shows once the page holds the chosen day's figures (with JavaScript the
    // address changes a moment before the page does).
    // The day reads as on every other page, not as 2032-05-10.
    await page.getByRole("table", { name: "Totals per day" }).getByText("May 10, 2032").waitFor();
    expect(await page.getByRole("table", { name: "Totals per day" }).getByText(DAY).count()).toBe(
      0,
    );

    // 5000 + 4000 + 1250 + 775 − 500 (the cash refund, on its own row), and the mailed checks:
    // 1500 + 700 − 700 (bounced) − 500 (given back in cash)
    const total = await page.getByTestId("report-total").textContent();
    expect(total).toBe("$115.25");
    const screen = async (table: string) =>
      Object.fromEntries(
        await page
          .getByRole("table", { name: table })
          .getByRole("row")
          .filter({ has: page.getByRole("cell") })
          .evaluateAll((rows) =>
            rows.map((r) => {
              const c = [...r.children].map((x) => x.textContent ?? "");
              return [c[0], c[2]];
            }),
          ),
      );
    const byMethod = await screen("Totals per method");
    expect(byMethod).toEqual({
      "Card online": "$57.75",
      Cash: "$35.00",
      "Check in person": "$12.50",
      "Mailed check": "$10.00",
    });
    const byAccount = await screen("Totals per account code");
    expect(byAccount).toEqual({
      "100-LAB": "$57.75",
      "200-BAND": "$47.50",
      "(no account code)": "$10.00",
    });
    const rows = page.getByRole("table", { name: "Rows of the report" });
    expect(await rows.textContent()).toContain("pi_e2e_0915");
    expect(await rows.textContent()).toContain("-$5.00");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    const csv = (await readFile((await download.path())!)).toString("utf8");
    expect(csv.startsWith("\ufeff")).toBe(true);
    const lines = csv.slice(1).split("\r\n");
    const usd = (dollars: string) =>
      new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(
        Number(dollars),
      );
    const totalLine = cells(lines.find((l) => l.startsWith("Total,"))!);
    expect(usd(totalLine[5]!)).toBe(total);
    const csvGroup = (label: string) =>
      Object.fromEntries(
        lines
          .filter((l) => l.startsWith(`${label},`))
          .map(cells)
          .filter((c) => c.length > 2)
          .map((c) => [c[1], usd(c[5]!)]),
      );
    expect(csvGroup("Totals per method")).toEqual(byMethod);
    expect(csvGroup("Totals per account code")).toEqual(byAccount);
    // Nine rows, the refunds and the bounce negative; the rows add up to the total.
    const dataRows = lines.slice(1, lines.indexOf(""));
    expect(dataRows).toHaveLength(9);
    expect(dataRows.reduce((n, l) => n + Number(cells(l)[6]), 0)).toBe(11_525);
    expect(dataRows.filter((l) => cells(l)[6] === "-500")).toHaveLength(2);
    // The mailed check's refund says it went back in cash.
    expect(
      dataRows.filter((l) => cells(l)[2] === "Refund in cash").map((l) => cells(l)[3]),
    ).toEqual(["Mailed check"]);
    // Who gave it back is named as their staff account names them, beside the employee ID the
    // report is filtered by (decision 160); on the screen too.
    const refundCells = cells(dataRows.find((l) => cells(l)[2] === "Refund in cash")!);
    expect(refundCells).toContain("Olive Office");
    expect(refundCells).toContain(OFFICE);
    const refundRow = rows
      .getByRole("row")
      .filter({ hasText: "Goodwill" })
      .or(rows.getByRole("row").filter({ hasText: "Refund in cash" }));
    expect(await refundRow.first().textContent()).toContain("Olive Office");
    // And in the PDF (decision 160, addendum).
    const [pdf] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download PDF" }).click(),
    ]);
    expect(flat(await pdfText(await readFile((await pdf.path())!)))).toContain(
      `Olive Office (${OFFICE})`,
    );
  });

  it("the office's end-of-day sheet takes the bounced check off and the cash given back", async () => {
    const page = await app.newPage(mode);
    await signInStaff(page, "office", { then: "/office/day-sheet" });
    await page.getByLabel("Day", { exact: true }).fill(DAY);
    await page.getByLabel("Cashier (employee ID)", { exact: true }).fill(OFFICE);
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL((u) => u.searchParams.get("day") === DAY);
    const checks = page.getByRole("table", { name: "Checks" });
    await checks.waitFor();
    // Whose sheet it is, by name beside the employee ID (decision 160, addendum); the PDF too.
    await page
      .getByRole("heading", { name: `For Olive Office (${OFFICE}) on May 10, 2032` })
      .waitFor();
    const [pdf] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download PDF" }).click(),
    ]);
    expect(flat(await pdfText(await readFile((await pdf.path())!)))).toContain(
      `For Olive Office (${OFFICE}) on May 10, 2032`,
    );
    const sums = page.getByRole("table", { name: "Cashier's end-of-day sheet" });
    const sum = async (label: string) =>
      (await sums.getByRole("row", { name: label }).getByRole("cell").textContent())?.trim();
    expect(await sum("Checks total")).toBe("$15.00");
    expect(await sum("Cash refunds paid out")).toBe("-$5.00");
    expect(await sum("Cash to deposit")).toBe("-$5.00");
    const bounced = checks.getByRole("row").filter({ hasText: "Check bounced" });
    expect(await bounced.textContent()).toContain("4402");
    expect(await bounced.textContent()).toContain("-$7.00");
  });

  it("a terminal's sheet names who took each row", async () => {
    // Two people at one terminal on a day of its own (the other tests' sums are of DAY).
    const day = "2032-05-11";
    const terminal = mode.js ? "T-JS" : "T-NOJS";
    for (const [time, employee, cents] of [
      ["09:00", "E1001", 1100],
      ["14:00", OFFICE, 2200],
    ] as const) {
      await db().execute(
        sql`insert into payments (owner_key, method, amount_cents, status, idempotency_key, created_at,
              settled_at, tendered_cents, change_cents, taken_by_employee_id, terminal_id)
            values ('student:100001', 'cash', ${cents}, 'succeeded', ${`e2e-terminal-${terminal}-${time}`},
              ${zonedInstant(day, `${time}:00`, zone).toISOString()}::timestamptz,
              ${zonedInstant(day, `${time}:00`, zone).toISOString()}::timestamptz, ${cents}, 0,
              ${employee}, ${terminal})`,
      );
    }
    const page = await app.newPage(mode);
    await signInStaff(page, "office", { then: "/office/day-sheet" });
    await page.getByLabel("Day", { exact: true }).fill(day);
    await page.getByLabel("Terminal", { exact: true }).fill(terminal);
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL((u) => u.searchParams.get("terminal") === terminal);
    const cash = page.getByRole("table", { name: "Cash payments" });
    await cash.getByRole("columnheader", { name: "Cashier" }).waitFor();
    const rows = cash.getByRole("row").filter({ has: page.getByRole("cell") });
    expect(await rows.allTextContents()).toEqual([
      expect.stringContaining("Irene Instructor (E1001)"),
      expect.stringContaining(`Olive Office (${OFFICE})`),
    ]);
  });
});
