// Administrators write the Spanish version of one of the district's texts, or remove it (decision
// 172). The version records the English it was written from (so a later English change shows as
// "to review"), and the change is recorded in the audit trail, in one transaction. Two
// administrators saving the same text at once: the row's upsert orders them, the last one stays,
// and the audit trail has both.
import { sql } from "drizzle-orm";
import type { DistrictText, DistrictTextChange } from "@domain/contract/district-texts";
import { t } from "@domain/messages";
import { spanishTextProblem, type TextEntity } from "@domain/rules/district-texts";
import type { Db } from "../db/client";
import { ApiError } from "../errors";
import { readDistrictText } from "../queries/district-texts";
import { AUDIT_ACTIONS, recordAudit, type Actor } from "./audit";

function refuse(field: string, message: string): never {
  throw new ApiError(400, message, `${field}: ${message}`);
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
    const spanish = change.spanish.trim();
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
    const unchanged =
      spanish === (current.spanish ?? "") && (!spanish || current.state === "done");
    if (unchanged) return current;
    if (spanish) {
      await tx.execute(sql`insert into district_texts
          (entity, entity_id, field, language, text, english, updated_at, updated_by)
        values (${key.entity}, ${key.entityId}, ${key.field}, 'es', ${spanish}, ${current.english},
          ${now.toISOString()}::timestamptz, ${actor.employeeId})
        on conflict (entity, entity_id, field, language) do update set text = excluded.text,
          english = excluded.english, updated_at = excluded.updated_at,
          updated_by = excluded.updated_by`);
    } else {
      await tx.execute(sql`delete from district_texts where entity = ${key.entity}
        and entity_id = ${key.entityId} and field = ${key.field} and language = 'es'`);
    }
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
