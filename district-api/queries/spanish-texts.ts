// The district's texts in Spanish in families' replies (decision 172): the pieces a query uses to
// give a reply asked for in Spanish the Spanish version of a district text where one exists.
import { sql, type SQL } from "drizzle-orm";
import { displayLanguage } from "@domain/messages/language";
import { TEXT_ENTITIES, textShape, type TextEntity } from "@domain/rules/district-texts";
import { queryRows, type Exec } from "../db/client";

/**
 * The language whose versions a family's reply joins: the request's when it is Spanish; otherwise
 * "en", of which none is kept, so the join finds nothing and the English stands. A parameter, not
 * a change of statement text, so prepared statements stay one per query.
 */
export function textLanguage(): string {
  return displayLanguage() === "es" ? "es" : "en";
}

/**
 * `left join district_texts <alias>` for one text of a record: select
 * `coalesce(<alias>.text, <english>)` for the text and `<alias>.text is not null` for whether it is
 * the Spanish version.
 */
export function spanishTextJoin(
  alias: string,
  entity: TextEntity,
  field: string,
  id: SQL,
  language: string = textLanguage(),
): SQL {
  if (!TEXT_ENTITIES.includes(entity) || !textShape(entity, field)) {
    throw new Error(`no translatable text ${entity}.${field}`);
  }
  const a = sql.raw(alias);
  return sql`left join district_texts ${a} on ${a}.entity = ${entity}
    and ${a}.entity_id = (${id})::text and ${a}.field = ${field} and ${a}.language = ${language}`;
}

/** The Spanish versions of some of the settings texts, by key (none unless answering in Spanish). */
export async function readSpanishSettings(db: Exec): Promise<Map<string, string>> {
  if (textLanguage() !== "es") return new Map();
  const rows = await queryRows<{ field: string; text: string }>(
    db,
    sql`select field, text from district_texts
      where entity = 'setting' and entity_id = '1' and language = 'es'`,
  );
  return new Map(rows.map((r) => [r.field, r.text]));
}
