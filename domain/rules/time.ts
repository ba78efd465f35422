// District time: every date and time shown is in DISTRICT_TZ.
export const DEFAULT_DISTRICT_TZ = "America/Chicago";

export function formatDistrictDateTime(iso: string, timeZone = DEFAULT_DISTRICT_TZ): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone,
    dateStyle: "medium",
    timeStyle: "short",
  }).format(new Date(iso));
}

export function formatDistrictDate(iso: string, timeZone = DEFAULT_DISTRICT_TZ): string {
  return new Intl.DateTimeFormat("en-US", { timeZone, dateStyle: "medium" }).format(new Date(iso));
}
