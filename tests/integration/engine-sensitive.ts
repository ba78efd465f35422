// The integration files that run a second time on PostgreSQL in `npm test` (decision 151). Every
// file runs on embedded PGlite; PGlite is one session, so requests "at once" take turns there and
// a missing lock or constraint never shows. These files are the ones whose behaviour depends on
// the engine: concurrent requests that locks or unique constraints must settle, two processes
// on one database, the migrations and the driver's statements, backups and the database's origin.
// A new file that sends requests at once or reads usingPostgres belongs here; the stage runner
// (scripts/test.ts) refuses a name that matches no file.
export const ENGINE_SENSITIVE: Record<string, string> = {
  "admin-catalogue.test.ts": "five raises of a section's seats at once, five copies of a program",
  "admin-fees.test.ts": "five assessments at once; five creates and two renames of one group name",
  "admin-imports.test.ts": "the same student import five times at once",
  "admin-people.test.ts": "the same change, unlock or roles five times at once",
  "admin-staff-import.test.ts": "the same staff import five times at once",
  "assessed-fees-cart.test.ts": "five adds of assessed fees to one cart at once",
  "backup.test.ts": "the backup and restore of a PostgreSQL database (its own describe)",
  "cashier.test.ts": "payments at once at the desk; the migration of desktop sessions",
  "commands-beside-server.test.ts": "commands on the server's database while it serves",
  "database-origin.test.ts": "the database's origin mark and the migrations",
  "db-write-watch.test.ts": "the transaction counter the fuzz's refusal check reads",
  "district-texts.test.ts": "five saves of one Spanish text at once, and from two processes",
  "fee-requests.test.ts": "two approvals of one request at once",
  "fees-cart.test.ts": "charges of one cart at once",
  "household-cart.test.ts": "five gathers of one household's carts at once, from two processes",
  "household-links.test.ts": "five children remembered at once for one account, from two processes",
  "imports-catalogue.test.ts": "the same catalogue import five times at once",
  "mail-queue.test.ts": "two workers on one queue (two processes), never sending twice",
  "office-refunds.test.ts": "refunds at once, from two processes",
  "office.test.ts": "the office's changes at once, from two processes",
  "one-charge.test.ts": "one charge however many requests race",
  "payment-window.test.ts": "the same extension of a payment window five times at once",
  "prepared-statements.test.ts": "the driver's prepared statements",
  "program-catalogue.test.ts": "the catalogue cache seeing writes of other API processes",
  "promise-address.test.ts": "one unpaid promise per address, from two processes",
  "promise-release.test.ts": "the release sweep racing payments, from two processes",
  "public-limits.test.ts": "limits counted across two processes",
  "receipt-access.test.ts": "mailbox-code guesses at once",
  "registration-payments.test.ts": "five identical checks at once",
  "registration.test.ts": "fifty registrations for five seats at once; a section locked too long",
  "revocation.test.ts": "five sign-outs at once; sessions ended across two processes",
  "sign-in-guessing.test.ts": "sign-in counting at once and across two processes",
};
