// Meeting days. A section keeps its days as the names the administration's form offers ("Mon" …
// "Sun"); the instructor view shows them as the spec's codes (spec 02 §9: M, T, W, Th, F, S
// separated by line breaks). Older rows and other systems write codes or whole names, so each
// spelling a district uses is read as its day.

export const WEEK_DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

const SPELLINGS: Record<WeekDay, readonly string[]> = {
  Mon: ["m", "mo", "mon", "monday"],
  Tue: ["t", "tu", "tue", "tues", "tuesday"],
  Wed: ["w", "we", "wed", "wednesday"],
  Thu: ["th", "r", "thu", "thur", "thurs", "thursday"],
  Fri: ["f", "fr", "fri", "friday"],
  Sat: ["s", "sa", "sat", "saturday"],
  Sun: ["su", "u", "sun", "sunday"],
};
const BY_SPELLING = new Map<string, WeekDay>(
  WEEK_DAYS.flatMap((day) => SPELLINGS[day].map((s) => [s, day] as const)),
);

/** The day a spelling names ("M", "Th", "Tue", "thursday"), or null when it names none. */
export function weekDayOf(raw: string): WeekDay | null {
  return BY_SPELLING.get(raw.trim().toLowerCase()) ?? null;
}

/** The days a list names, in the list's order, each once; spellings that name no day are left out. */
export function weekDaysOf(raw: readonly string[]): WeekDay[] {
  const days: WeekDay[] = [];
  for (const r of raw) {
    const day = weekDayOf(r);
    if (day && !days.includes(day)) days.push(day);
  }
  return days;
}

/** The instructor view's code of a day. The spec names no code for Sunday; "Su" says it plainly. */
export const STAFF_DAY_CODE: Record<WeekDay, string> = {
  Mon: "M",
  Tue: "T",
  Wed: "W",
  Thu: "Th",
  Fri: "F",
  Sat: "S",
  Sun: "Su",
};
