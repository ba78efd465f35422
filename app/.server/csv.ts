// CSV files, the one way (docs/architecture.md): rows built by pure functions in domain/, written
// here with csv-stringify. Spreadsheet programs read UTF-8 (names with accents) only with a BOM;
// lines end with CRLF; a cell holding a line break is quoted; a cell a spreadsheet would read as a
// formula is neutralised (domain/rules/roster-csv.ts neutraliseFormula, decision 148); a finite number is written
// as the number it is.
import { stringify } from "csv-stringify/sync";
import { neutraliseFormula } from "@domain/rules/roster-csv";

export type CsvCell = string | number | null | undefined;

export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return stringify(
    rows.map((row) => [...row]),
    {
      bom: true,
      record_delimiter: "\r\n",
      // csv-stringify quotes delimiters and quotes by itself; line breaks inside a cell too.
      quoted_match: /[\r\n]/,
      cast: {
        string: (value) => neutraliseFormula(value),
        // A finite number is written as a number (a refund's -12.5 is not a formula).
        number: (value) =>
          Number.isFinite(value) ? String(value) : neutraliseFormula(String(value)),
      },
    },
  );
}

/** A CSV file as an attachment; never cached (it holds people's details). */
export function csvResponse(csv: string, fileName: string): Response {
  return new Response(csv, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
