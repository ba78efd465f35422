// The payments report's pure rules (decision 132): the range it accepts, totals
// that are the sums of their rows, the split of a refund over its payment's lines, the cashier's
// day sums, and the CSV (UTF-8 BOM, formulas neutralised, refunds as negative numbers).
import { describe, expect, it } from "vitest";
import { ReportQuery } from "@domain/contract/payments-report";
import {
  MAX_REPORT_DAYS,
  daysInRange,
  cashierShown,
  paymentsReportCsvRows,
  reportRangeError,
  sheetSums,
  splitRefund,
  totalsOf,
  type CsvReportRow,
} from "@domain/rules/payments-report";
import { toCsv } from "~/.server/csv";

const row = (over: Partial<CsvReportRow>): CsvReportRow => ({
  day: "2030-02-04",
  at: "2030-02-04T16:00:00.000Z",
  kind: "payment",
  method: "card",
  amountCents: 1000,
  accountCode: null,
  paymentId: 1,
  providerRef: null,
  checkNumber: null,
  confirmation: null,
  payer: "Ann Lee",
  item: null,
  school: null,
  program: null,
  cashier: null,
  terminal: null,
  ...over,
});

describe("the range", () => {
  it("counts both ends, refuses to before from and more than a year and a day", () => {
    expect(daysInRange("2030-01-01", "2030-01-01")).toBe(1);
    expect(daysInRange("2028-01-01", "2028-12-31")).toBe(366);
    expect(reportRangeError("2030-01-02", "2030-01-01")).toBe("order");
    expect(reportRangeError("2028-01-01", "2028-12-31")).toBeNull();
    expect(reportRangeError("2028-01-01", "2029-01-01")).toBe("range");
    expect(MAX_REPORT_DAYS).toBe(366);
  });
  it("the query names the field: Feb 31 is the from day's, a reversed range the to day's", () => {
    const issue = (q: Record<string, string>) => {
      const r = ReportQuery.safeParse(q);
      return r.success ? null : r.error.issues[0]!.path.join(".");
    };
    expect(issue({ from: "2030-02-31", to: "2030-03-01" })).toBe("from");
    expect(issue({ from: "2030-03-02", to: "2030-03-01" })).toBe("to");
    expect(issue({ from: "2000-01-01", to: "2030-03-01" })).toBe("to");
    expect(issue({ from: "2030-03-01", to: "2030-03-01", method: "gold" })).toBe("method");
    expect(issue({ from: "2030-03-01", to: "2030-03-01", account: "=1+1" })).toBe("account");
    expect(issue({ from: "2030-03-01", to: "2030-03-01" })).toBeNull();
  });
});

describe("totals", () => {
  it("are the sums of their rows, per day, method and account code, refunds negative", () => {
    const rows = [
      row({ amountCents: 5000, accountCode: "200" }),
      row({ amountCents: -1000, kind: "refund", accountCode: "200" }),
      row({ amountCents: 700, method: "cash", accountCode: null }),
      row({ amountCents: 300, method: "mail", accountCode: "100", day: "2030-02-03" }),
    ];
    const totals = totalsOf(rows);
    expect(totals.cents).toBe(5000);
    expect(totals.count).toBe(4);
    expect(totals.byDay).toEqual([
      { day: "2030-02-03", cents: 300, count: 1 },
      { day: "2030-02-04", cents: 4700, count: 3 },
    ]);
    expect(totals.byMethod.map((m) => m.method)).toEqual(["card", "cash", "mail"]);
    expect(totals.byAccount).toEqual([
      { accountCode: "100", cents: 300, count: 1 },
      { accountCode: "200", cents: 4000, count: 2 },
      { accountCode: null, cents: 700, count: 1 },
    ]);
    for (const g of [totals.byDay, totals.byMethod, totals.byAccount]) {
      expect(g.reduce((n, x) => n + x.cents, 0)).toBe(totals.cents);
    }
  });
  it("of no rows are zero", () => {
    expect(totalsOf([])).toEqual({ cents: 0, count: 0, byDay: [], byMethod: [], byAccount: [] });
  });
});

describe("a refund split over its payment's lines", () => {
  it("stacks the refunds in order over the lines in order", () => {
    expect(splitRefund([3000, 3000], 0, 4000)).toEqual({ shares: [3000, 1000], beyondCents: 0 });
    expect(splitRefund([3000, 3000], 4000, 2000)).toEqual({ shares: [0, 2000], beyondCents: 0 });
    expect(splitRefund([3000, 2000], 0, 1000)).toEqual({ shares: [1000, 0], beyondCents: 0 });
  });
  it("the shares always add up to the refund; beyond the lines is left over", () => {
    for (const [lines, before, cents] of [
      [[1, 2, 3], 0, 6],
      [[500, 500], 250, 500],
      [[100], 50, 100],
    ] as [number[], number, number][]) {
      const { shares, beyondCents } = splitRefund(lines, before, cents);
      expect(shares.reduce((a, b) => a + b, 0) + beyondCents).toBe(cents);
    }
    expect(splitRefund([100], 50, 100).beyondCents).toBe(50);
  });
});

describe("the cashier's day", () => {
  it("net cash is received less change; refunds paid out come off the deposit", () => {
    expect(
      sheetSums({
        cash: [
          { tenderedCents: 5000, changeCents: 1000 },
          { tenderedCents: 2000, changeCents: 0 },
        ],
        cashRefunds: [{ amountCents: -500 }],
        checks: [{ amountCents: 1500 }, { amountCents: 2500 }],
      }),
    ).toEqual({
      cashReceivedCents: 7000,
      changeGivenCents: 1000,
      netCashCents: 6000,
      cashRefundCents: -500,
      cashToDepositCents: 5500,
      checksCents: 4000,
    });
  });
});

describe("the CSV", () => {
  it("has a BOM, neutralises formulas, keeps refunds as negative numbers, ends with the totals", () => {
    const rows = [
      row({ payer: '=HYPERLINK("http://x")', providerRef: "pi_123", amountCents: 2550 }),
      row({ kind: "refund", amountCents: -1050, payer: "-Lee", accountCode: "100-A" }),
    ];
    const csv = toCsv(paymentsReportCsvRows(rows, totalsOf(rows), "America/Chicago"));
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.slice(1).split("\r\n");
    expect(lines[0]).toContain("Provider payment ID");
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(lines[1]).toContain(",25.5,2550,pi_123,");
    expect(lines[2]).toContain(",-10.5,-1050,");
    expect(lines[2]).toContain(",'-Lee,");
    expect(lines[2]).toContain("2030-02-04 10:00:00 CST");
    expect(lines.at(-2)).toBe("Total,,,,,15,1500,2");
  });

  it("names who a row is of beside the employee ID, the ID where no name is known", () => {
    const rows = [
      row({ kind: "refund", amountCents: -500, cashier: "E1006", cashierName: "Olive Office" }),
      row({ cashier: "E9999", cashierName: "E9999", terminal: "T1" }),
      row({ cashier: "E9998" }),
    ];
    const table = paymentsReportCsvRows(rows, totalsOf(rows), "America/Chicago");
    const at = table[0]!.indexOf("Cashier");
    expect(table[0]![at + 1]).toBe("Cashier name");
    expect(table.slice(1, 4).map((r) => [r[at], r[at + 1]])).toEqual([
      ["E1006", "Olive Office"],
      ["E9999", "E9999"],
      ["E9998", "E9998"],
    ]);
    expect(rows.map(cashierShown)).toEqual(["Olive Office (E1006)", "E9999", "E9998"]);
  });
});

describe("times of many rows", () => {
  it("auditTimeFormatter writes what formatAuditTime writes, across a change of clocks", async () => {
    const { auditTimeFormatter, formatAuditTime } = await import("@domain/rules/time");
    for (const zone of ["America/Chicago", "Asia/Kolkata", "Australia/Lord_Howe", "UTC"]) {
      const fast = auditTimeFormatter(zone);
      // Every 7 minutes and 13 seconds over the two days around the spring change of 2030.
      for (let ms = Date.UTC(2030, 2, 9); ms < Date.UTC(2030, 2, 11); ms += 433_000) {
        expect(fast(new Date(ms))).toBe(formatAuditTime(new Date(ms), zone));
      }
    }
  });
});
