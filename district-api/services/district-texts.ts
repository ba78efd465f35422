// Administrators write the Spanish version of one of the district's texts, or remove it (decision
// 172). The version records the English it was written from (so a later English change shows as
// "to review"), and the change is recorded in the audit trail, in one transaction. Two
// administrators saving the same text at once: the row's upsert orders them, the last one stays,
// and the audit trail has each save that changed the row (a save the other one had already made
// changes nothing and is not audited again).
import { sql } from "drizzle-orm";
import { z, ZodError } from "zod";
import type { DistrictText, DistrictTextChange } from "@domain/contract/district-texts";
import { t } from "@domain/messages";
import {
  answerLines,
  answersText,
  spanishTextProblem,
  type TextEntity,
} from "@domain/rules/district-texts";
import { queryRows, type Db } from "../db/client";
import { ApiError } from "../errors";
import { readDistrictText } from "../queries/district-texts";
import { AUDIT_ACTIONS, recordAudit, type Actor } from "./audit";

/** A 400 naming the field, as a refused contract would (nothing is written). */
function refuse(field: string, message: string): never {
  throw new ZodError([{ code: z.ZodIssueCode.custom, path: [field], message }]);
}

export async function changeDistrictText(
  db: Db,
  actor: Actor,
  change: DistrictTextChange,
  now: Date,
): Promise<DistrictText> {
  const key = {
    entity: change.entity as TextEntity,
    entityId: change.entityId,
    field: change.field,
  };
  return db.transaction(async (tx) => {
    const current = await readDistrictText(tx, key);
    if (!current) throw new ApiError(404, t("admin.spanish.notFound"));
    // Answers are kept one per line, as the English's (blank lines and spaces around dropped), so
    // the n-th line is the n-th English answer's label.
    const spanish =
      current.shape === "answers"
        ? answersText(answerLines(change.spanish))
        : change.spanish.trim();
    if (spanish) {
      const problem = spanishTextProblem(current.shape, current.english, spanish);
      if (problem?.kind === "placeholder") {
        refuse("spanish", t("admin.spanish.placeholder", { placeholder: problem.placeholder }));
      }
      if (problem?.kind === "answerCount") {
        refuse(
          "spanish",
          t("admin.spanish.answerCount", { expected: problem.expected, given: problem.given }),
        );
      }
    }
    const unchanged = spanish === (current.spanish ?? "") && (!spanish || current.state === "done");
    if (unchanged) return current;
    // Each statement says whether it changed the row: a save that waited for another one saving
    // the same text (or removing it) finds nothing left to do, and records nothing.
    const written = spanish
      ? await queryRows(
          tx,
          sql`insert into district_texts
            (entity, entity_id, field, language, text, english, updated_at, updated_by)
          values (${key.entity}, ${key.entityId}, ${key.field}, 'es', ${spanish},
            ${current.english}, ${now.toISOString()}::timestamptz, ${actor.employeeId})
          on conflict (entity, entity_id, field, language) do update set text = excluded.text,
            english = excluded.english, updated_at = excluded.updated_at,
            updated_by = excluded.updated_by
          where district_texts.text is distinct from excluded.text
            or district_texts.english is distinct from excluded.english
          returning 1 as written`,
        )
      : await queryRows(
          tx,
          sql`delete from district_texts where entity = ${key.entity}
            and entity_id = ${key.entityId} and field = ${key.field} and language = 'es'
          returning 1 as written`,
        );
    if (written.length === 0) return (await readDistrictText(tx, key)) ?? current;
    await recordAudit(
      tx,
      actor,
      {
        action: AUDIT_ACTIONS.districtTextChange,
        entity: "district-text",
        entityId: `${key.entity}:${key.entityId}:${key.field}`,
        before: current.spanish === null ? null : { spanish: current.spanish },
        after: spanish ? { spanish } : null,
      },
      now,
    );
    const after = await readDistrictText(tx, key);
    if (!after) throw new Error("the text vanished inside its own transaction");
    return after;
  });
}
