// How a course is named in titles: subject and number, "ENR 101". Some catalogues (the demo's,
// and student information systems that export "ENR 101" as the number) carry the subject in the
// course number too; it is written once.

/** "ENR" and "101" → "ENR 101"; "ENR" and "ENR 101" → "ENR 101". */
export function courseCode(subject: string, courseNumber: string): string {
  const s = subject.trim();
  const n = courseNumber.trim();
  if (!s) return n;
  if (n.toLowerCase() === s.toLowerCase() || n.toLowerCase().startsWith(`${s.toLowerCase()} `)) {
    return n;
  }
  return n ? `${s} ${n}` : s;
}
