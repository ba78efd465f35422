// The office's PDFs write their days as every other page does, "Nov 26, 2026" (one place
// showed 2026-11-26).
import { describe, expect, it } from "vitest";
import { daySheetPdf, paymentsReportPdf } from "../../district-api/services/payments-report-pdf";
import { pdfText } from "../support/pdf";

const head = {
  districtName: "School District",
  timeZone: "America/Chicago",
  printedAt: new Date("2026-11-27T15:00:00Z"),
};
const flat = (s: string) => s.replace(/\s+/g, " ");

describe("office PDFs", { timeout: 30_000 }, () => {
  it("the day sheet names its day as Nov 26, 2026", async () => {
    const text = flat(
      await pdfText(
        await daySheetPdf({
          ...head,
          sheet: {
            day: "2026-11-26",
            timeZone: "America/Chicago",
            cashier: "Pat Office",
            cashierName: null,
            terminal: null,
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
          },
        }),
      ),
    );
    expect(text).toContain("on Nov 26, 2026");
    expect(text).not.toContain("2026-11-26");
  });

  it("the payments report names its days as Nov 1, 2026 – Nov 26, 2026", async () => {
    const text = flat(
      await pdfText(
        await paymentsReportPdf({
          ...head,
          from: "2026-11-01",
          to: "2026-11-26",
          rows: [],
          totals: {
            cents: 500,
            count: 1,
            byDay: [{ day: "2026-11-26", cents: 500, count: 1 }],
            byMethod: [],
            byAccount: [],
          },
        }),
      ),
    );
    expect(text).toContain("Nov 1, 2026 – Nov 26, 2026");
    // The day's total too.
    expect(text).toMatch(/Nov 26, 2026 1 \$5\.00/);
    expect(text).not.toContain("2026-11-26");
  });
});
