// The instructor calls' replies (spec 02 §7): the sections queries/staff.ts reads, grouped as the
// staff pages read them. The HTTP layer owns the shape of a reply; the queries only read.
import type { InstructorProgram } from "@domain/contract/staff";
import type { InstructorSectionOf } from "../../queries/staff";

/** GET /v1/instructor/program: the instructor's sections under their programmes, in order. */
export function groupPrograms(rows: InstructorSectionOf[]): InstructorProgram[] {
  const programs = new Map<string, InstructorProgram>();
  for (const { program, section } of rows) {
    let p = programs.get(program.id);
    if (!p) {
      p = { ...program, courseSelections: [] };
      programs.set(program.id, p);
    }
    p.courseSelections.push(section);
  }
  return [...programs.values()];
}
