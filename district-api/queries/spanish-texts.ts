// The district's texts in Spanish in families' replies (decision 172): the pieces a query uses to
// give a reply asked for in Spanish the Spanish version of a district text where one exists.
import { and, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { displayLanguage } from "@domain/messages/language";
import { TEXT_ENTITIES, textShape, type TextEntity } from "@domain/rules/district-texts";
import type { Exec } from "../db/client";
import { districtTexts } from "../db/schema";

/**
 * The language whose versions a family's reply joins: the request's when it is Spanish; otherwise
 * "en", of which none is kept, so the join finds nothing and the English stands. A parameter, not
 * a change of statement text, so prepared statements stay one per query.
 */
export function textLanguage(): string {
  return displayLanguage() === "es" ? "es" : "en";
}

/** district_texts under an alias of its own, to join once per text a query reads. */
const textsAs = (name: string) => alias(districtTexts, name);

/** One district text of a record in a query: its join, its value and whether it is Spanish. */
export interface SpanishText {
  /** `left join district_texts <alias> on …`, after the record's own table in the FROM list. */
  join: SQL;
  /** The same join for the query builder: `.leftJoin(t.table, t.on)`. */
  table: ReturnType<typeof textsAs>;
  on: SQL;
  /** The Spanish version where the reply is in Spanish and one exists, else the English. */
  text: SQL;
  /** True when `text` is the Spanish version (the reply marks it for the page's `lang`). */
  given: SQL;
}

/**
 * One text of a record for a family's reply: `id` and `english` are the record's columns (say
 * sql`f.id` and sql`f.name`); `alias` names the joined row and must be unique in the query.
 */
export function spanishText(
  alias: string,
  entity: TextEntity,
  field: string,
  id: SQL,
  english: SQL,
  language: string = textLanguage(),
): SpanishText {
  if (!TEXT_ENTITIES.includes(entity) || !textShape(entity, field) || !/^\w+$/.test(alias)) {
    throw new Error(`no translatable text ${entity}.${field} (${alias})`);
  }
  const a = sql.raw(alias);
  const on = sql`${a}.entity = ${entity}
      and ${a}.entity_id = (${id})::text and ${a}.field = ${field} and ${a}.language = ${language}`;
  return {
    join: sql`left join district_texts ${a} on ${on}`,
    table: textsAs(alias),
    on,
    text: sql`coalesce(${a}.text, ${english})`,
    given: sql`(${a}.text is not null)`,
  };
}

/** The `spanish` list of a reply row: the names whose flag is true (absent when none). */
export function spanishList(flags: Record<string, boolean | null | undefined>): {
  spanish?: string[];
} {
  const given = Object.keys(flags).filter((k) => flags[k]);
  return given.length ? { spanish: given } : {};
}

/** The Spanish versions of some of the settings texts, by key (none unless answering in Spanish). */
export async function readSpanishSettings(db: Exec): Promise<Map<string, string>> {
  if (textLanguage() !== "es") return new Map();
  const rows = await db
    .select({ field: districtTexts.field, text: districtTexts.text })
    .from(districtTexts)
    .where(
      and(
        eq(districtTexts.entity, "setting"),
        eq(districtTexts.entityId, "1"),
        eq(districtTexts.language, "es"),
      ),
    );
  return new Map(rows.map((r) => [r.field, r.text]));
}

/**
 * One district text in the reply's (or mail reader's) language: the Spanish version when the
 * language is Spanish and one exists, else `english`. For mail composed from rows read in English
 * (a section locked for a registration, say), read inside the reader's language.
 */
export async function districtTextIn(
  db: Exec,
  entity: TextEntity,
  id: string | number,
  field: string,
  english: string,
): Promise<string> {
  if (textLanguage() !== "es") return english;
  const [row] = await db
    .select({ text: districtTexts.text })
    .from(districtTexts)
    .where(
      and(
        eq(districtTexts.entity, entity),
        eq(districtTexts.entityId, String(id)),
        eq(districtTexts.field, field),
        eq(districtTexts.language, "es"),
      ),
    );
  return row?.text ?? english;
}

/**
 * The name and description of what a line is, in the reply's language: a fee (`fees f`) or a
 * course (`courses c`), as the cart and the receipt read them.
 */
export function lineTexts() {
  return {
    feeName: spanishText("fee_name_es", "fee", "name", sql`f.id`, sql`f.name`),
    feeText: spanishText("fee_text_es", "fee", "description", sql`f.id`, sql`f.description`),
    courseName: spanishText("course_name_es", "course", "name", sql`c.id`, sql`c.name`),
    courseText: spanishText(
      "course_text_es",
      "course",
      "description",
      sql`c.id`,
      sql`c.description`,
    ),
  };
}

/** A locked section's course name in the mail reader's language (mail composed in a service). */
export function courseNameIn(
  db: Exec,
  section: { course_id: string; course_name: string },
): Promise<string> {
  return districtTextIn(db, "course", section.course_id, "name", section.course_name);
}
