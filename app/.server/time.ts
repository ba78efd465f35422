// The district's zone on the web server (DISTRICT_TZ, checked at start by server/config.ts), and
// the dates loaders show: pages get text already formatted in that zone, so a browser in another
// zone (or the server's own) never shifts a day (domain/rules/time.ts).
import { DEFAULT_DISTRICT_TZ, formatDistrictDate } from "@domain/rules/time";

export function districtTimeZone(): string {
  return process.env.DISTRICT_TZ || DEFAULT_DISTRICT_TZ;
}

/** An instant from the district API ("2026-11-23T23:30:00Z") as the district's day, "Nov 23, 2026". */
export function districtDate(at: string): string {
  return formatDistrictDate(at, districtTimeZone());
}
