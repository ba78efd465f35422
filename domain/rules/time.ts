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

/** formatDistrictDateTime followed by the zone's short name ("Nov 23, 2026, 5:00 PM CST"). */
export function formatDistrictDateTimeWithZone(
  iso: string,
  timeZone = DEFAULT_DISTRICT_TZ,
): string {
  const zone = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" })
    .formatToParts(new Date(iso))
    .find((p) => p.type === "timeZoneName")?.value;
  const shown = formatDistrictDateTime(iso, timeZone);
  return zone ? `${shown} ${zone}` : shown;
}
