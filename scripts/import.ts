// npm run import -- students|staff FILE… [--dry-run] [--full] [--report REPORT.csv]
// The district's nightly sync (decision 124): the same service as the administration's
// upload page (district-api/services/imports.ts), on the configured database (DATABASE_URL, or the
// embedded PGlite in DATA_DIR), migrating first. FILE is one plain CSV, or a OneRoster 1.1 set
// (users.csv orgs.csv demographics.csv). Files are streamed from disk.
// `staff` imports staff accounts the same way (decision 128): one plain staff CSV, or users.csv
// and orgs.csv of a OneRoster set.
// Exit code: 0 applied (or a clean dry run), 1 rows were refused (nothing applied), 2 the files
// could not be read (usage, missing columns, not CSV), 3 a full student export would mark more than
// a tenth of the active students inactive and --confirm-deactivate did not name that count
// (nothing applied; decision 141).
// npm run import -- catalogue FILE [orgs.csv] [academicSessions.csv] [--dry-run] [--report REPORT.csv]
// imports programs and sections (decision 129) with services/catalogue-import.ts, the same exit codes; people waiting for a
// section whose capacity it raises are offered a seat; their mail is queued in the database and
// sent by the district API's mail worker (decision 130).
// Every kind takes the district's OneRoster orgs.csv and academicSessions.csv (beside a plain CSV
// too): the schools and school years they name are created or renamed with the import, and printed
// before the counts, "to create" in a dry run (decisions 154, 157).
import { createReadStream, existsSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { openCommandDatabase } from "./command-database";
import { migrate } from "../district-api/db/migrate";
import { importStudents, type ImportReport } from "../district-api/services/imports";
import { importStaff } from "../district-api/services/staff-import";
import { importCatalogue } from "../district-api/services/catalogue-import";
import { ApiError } from "../district-api/errors";
import { importReportCsvRows } from "../domain/imports/report-csv";
import { schoolChangeLine } from "../domain/imports/oneroster-schools";
import { toCsv } from "../app/.server/csv";

function usage(message?: string): never {
  if (message) console.error(message);
  console.error(
    "usage: npm run import -- students|staff FILE… [--dry-run] [--full] [--report REPORT.csv]\n" +
      "                         [--confirm-deactivate N]\n" +
      "       npm run import -- catalogue FILE [--dry-run] [--report REPORT.csv]\n" +
      "FILE is one plain CSV, or users.csv orgs.csv demographics.csv of a OneRoster 1.1 set\n" +
      "(staff: users.csv orgs.csv). orgs.csv and academicSessions.csv may come with any of them\n" +
      "(a plain CSV or the catalogue too): their schools and school years are added or renamed.\n" +
      "--full marks students (or imported staff) missing from the files inactive.\n" +
      "--confirm-deactivate N applies a full student export marking N students inactive when N is\n" +
      "more than a tenth of the active students (the dry run tells N).\n" +
      "Exit code 1 when rows are refused, 3 when the count was not confirmed.",
  );
  process.exit(2);
}

const { values, positionals } = parseArgs({
  options: {
    "dry-run": { type: "boolean", default: false },
    full: { type: "boolean", default: false },
    report: { type: "string" },
    "confirm-deactivate": { type: "string" },
    help: { type: "boolean", short: "h" },
  },
  allowPositionals: true,
  strict: true,
});
if (values.help) usage();
const [what, ...files] = positionals;
if (what !== "students" && what !== "staff" && what !== "catalogue") {
  usage('the first argument is what to import: "students", "staff" or "catalogue"');
}
if (!files.length) usage("name at least one file");
if (what === "catalogue" && (files.length > 3 || values.full)) {
  usage(
    "a catalogue import reads one file (with orgs.csv and academicSessions.csv, or not), and has\n" +
      "no --full (nothing is ever removed)",
  );
}
for (const file of files) if (!existsSync(file)) usage(`no such file: ${file}`);
const confirmText = values["confirm-deactivate"];
if (confirmText !== undefined && !/^\d{1,9}$/.test(confirmText)) {
  usage("--confirm-deactivate takes the number of students the full export marks inactive");
}
const confirmDeactivations = confirmText === undefined ? undefined : Number(confirmText);

const { database } = await openCommandDatabase(
  "npm run import",
  "upload the files at /admin/imports",
);
let code = 0;
try {
  await migrate(database);
  const started = Date.now();
  const actor = { employeeId: "-", username: "command line" };
  const sources = files.map((file) => ({ name: file, open: () => createReadStream(file) }));
  let report: Omit<ImportReport, "format"> & { format: string };
  if (what === "catalogue") {
    report = await importCatalogue(
      database.db,
      {
        timeZone: process.env.DISTRICT_TZ ?? "America/Chicago",
        districtName: process.env.DISTRICT_NAME ?? "School District",
      },
      actor,
      sources,
      { dryRun: values["dry-run"] },
      new Date(),
    );
  } else {
    report = await (what === "staff" ? importStaff : importStudents)(
      database.db,
      actor,
      sources,
      { dryRun: values["dry-run"], full: values.full, confirmDeactivations },
      new Date(),
    );
  }
  for (const row of report.rows) {
    if (row.outcome === "refused" || row.outcome === "deactivated") {
      console.log(`line ${row.line || "-"}\t${row.id}\t${row.outcome}\t${row.reason}`);
    }
  }
  for (const change of report.schools ?? []) {
    console.log(schoolChangeLine(change, report.status === "dry-run"));
  }
  const s = report.summary;
  console.log(
    `${report.status} (${report.format}${report.full ? ", full export" : ""}): ` +
      `${s.created} created, ${s.updated} updated, ${s.unchanged} unchanged, ` +
      `${s.refused} refused${what === "catalogue" ? "" : `, ${s.deactivated} marked inactive`} ` +
      `in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (report.status === "refused") console.log("nothing was applied: fix the refused rows");
  if (values.report) {
    writeFileSync(values.report, toCsv(importReportCsvRows(report.rows, what)));
    console.log(`report written to ${values.report}`);
  }
  if (s.refused > 0) code = 1;
} catch (err) {
  if (!(err instanceof ApiError)) throw err;
  console.error(err.message);
  // 409: a full export's deactivations were not confirmed (decision 141); the files were read.
  code = err.status === 409 && what === "students" ? 3 : 2;
  if (code === 3) console.error("to apply it, add --confirm-deactivate with that number");
} finally {
  await database.close();
}
process.exit(code);
