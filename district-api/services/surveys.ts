// The health-risk survey (spec 01 §2, §5): one answer per participant and program, the latest
// kept, for an open program only.
import { and, eq, sql } from "drizzle-orm";
import type { SurveyRequest } from "@domain/contract/programs";
import { t } from "@domain/messages";
import type { Db } from "../db/client";
import { programs } from "../db/schema";
import { ApiError } from "../errors";

export async function recordSurvey(
  db: Db,
  participantId: number,
  programId: string,
  body: SurveyRequest,
  now: Date,
): Promise<{ programUUID: string; finishedSurvey: true }> {
  const [program] = await db
    .select({ id: programs.id })
    .from(programs)
    .where(and(eq(programs.id, programId), eq(programs.active, true), eq(programs.open, true)));
  if (!program) throw new ApiError(404, t("survey.failed"), t("register.notFound"));
  await db.execute(
    sql`insert into survey_responses (participant_id, program_id, is_at_risk, answers, submitted_at)
        values (${participantId}, ${program.id}, ${body.isAtRisk}, ${JSON.stringify(body.answers ?? {})}::jsonb, ${now})
        on conflict (participant_id, program_id)
        do update set is_at_risk = excluded.is_at_risk, answers = excluded.answers,
          submitted_at = excluded.submitted_at`,
  );
  return { programUUID: program.id, finishedSurvey: true };
}
