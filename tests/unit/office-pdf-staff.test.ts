// The office's PDFs name staff as the screen and the CSV do (decision 160): the payments report's
// cashier as "Olive Office (E1006)", the end-of-day sheet's title the same; the employee ID alone
// when no staff account has it.
import { describe, expect, it } from "vitest";
import type { DaySheet } from "@domain/contract/payments-report";
import type { CsvReportRow } from "@domain/rules/payments-report";
import { daySheetPdf, paymentsReportPdf } from "../../district-api/services/payments-report-pdf";
import { pdfText } from "../support/pdf";

const head = {
  districtName: "School District",
  timeZone: "America/Chicago",
  printedAt: new Date("2026-11-27T15:00:00Z"),
};
const flat = (s: string) => s.replace(/\s+/g, " ");

const row = (cashier: string | null, cashierName: string | null, terminal: string | null) =>
  ({
    at: "2026-11-26T16:00:00Z",
    day: "2026-11-26",
    kind: "payment",
    method: "cash",
    amountCents: 500,
    accountCode: null,
    paymentId: 7,
    providerRef: null,
    checkNumber: null,
    confirmation: null,
    payer: "Ada Lovelace",
    item: "Lab fee",
    school: null,
    program: null,
    cashier,
    cashierName,
    terminal,
  }) satisfies CsvReportRow;

const sheet = (who: Pick<DaySheet, "cashier" | "cashierName" | "terminal">): DaySheet => ({
  day: "2026-11-26",
  timeZone: "America/Chicago",
  ...who,
  cash: [],
  cashRefunds: [],
  checks: [],
  cashReceivedCents: 0,
  changeGivenCents: 0,
  netCashCents: 0,
  cashRefundCents: 0,
  cashToDepositCents: 0,
  checksCents: 0,
  readerCents: 0,
  readerCount: 0,
});

describe("office PDFs name staff", { timeout: 30_000 }, () => {
  it("the payments report: name and employee ID, the ID alone without a name", async () => {
    const text = flat(
      await pdfText(
        await paymentsReportPdf({
          ...head,
          from: "2026-11-26",
          to: "2026-11-26",
          rows: [row("E1006", "Olive Office", null), row("E9999", null, "T-1")],
          totals: { cents: 1000, count: 2, byDay: [], byMethod: [], byAccount: [] },
        }),
      ),
    );
    expect(text).toContain("Olive Office (E1006)");
    expect(text).toContain("E9999");
    expect(text).not.toContain("(E9999)");
  });

  it("the day sheet: its title names the cashier, and the terminal beside", async () => {
    const named = flat(
      await pdfText(
        await daySheetPdf({
          ...head,
          sheet: sheet({ cashier: "E1006", cashierName: "Olive Office", terminal: "T-1" }),
        }),
      ),
    );
    expect(named).toContain("For Olive Office (E1006) / T-1 on Nov 26, 2026");
    const unknown = flat(
      await pdfText(
        await daySheetPdf({
          ...head,
          sheet: sheet({ cashier: "E9999", cashierName: null, terminal: null }),
        }),
      ),
    );
    expect(unknown).toContain("For E9999 on Nov 26, 2026");
  });
});
