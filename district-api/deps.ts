import type { Clock } from "./clock";
import type { Db, PreparedRows } from "./db/client";
import type { Logger } from "./logger";
import type { Mailer } from "./services/mail";
import type { PaymentProvider } from "./payments/provider";

/** What every route and service of the district API is given; nothing is read from globals. */
export interface ApiDeps {
  db: Db;
  dbKind: "pglite" | "postgres";
  /** The hottest statements, prepared once per connection (the program list). */
  preparedRows: PreparedRows;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  /** Key that signs access tokens. */
  tokenKey: Uint8Array;
  /** Name printed on mail, receipts and reports. */
  districtName: string;
  /** District time zone (IANA), e.g. America/Chicago. */
  timeZone: string;
  /**
   * The web app's origin (PUBLIC_URL), the only return address the hosted checkout accepts; null
   * when none is configured (the demo and tests).
   */
  publicOrigin?: string | null;
  /** Card payments: Stripe with keys, the built-in simulator without (created at start-up). */
  payments?: PaymentProvider;
}
