// The rows of a student import's report as a CSV file (the page's download, `npm run import
// -- --report`): line, student ID, name, outcome and why.
import { t } from "../messages/admin";

export interface ImportReportLine {
  line: number;
  id: string;
  name: string;
  outcome: "created" | "updated" | "unchanged" | "refused" | "deactivated";
  reason: string;
}

export function importReportCsvRows(
  rows: readonly ImportReportLine[],
  kind: string = "students",
): (string | number)[][] {
  return [
    [
      t("admin.imports.csv.line"),
      t(
        kind === "staff"
          ? "admin.staffImport.csv.id"
          : kind === "catalogue"
            ? "admin.imports.csv.code"
            : "admin.imports.csv.id",
      ),
      t("admin.imports.csv.name"),
      t("admin.imports.csv.outcome"),
      t("admin.imports.csv.reason"),
    ],
    ...rows.map((r) => [r.line || "", r.id, r.name, r.outcome, r.reason]),
  ];
}
