// The administration's list of the district's texts in Spanish (decision 172): every text families
// read, each with its Spanish version and its state. What families' replies use is in
// spanish-texts.ts.
import { sql, type SQL } from "drizzle-orm";
import type {
  DistrictText,
  DistrictTextsPage,
  DistrictTextsQuery,
  SpanishState,
} from "@domain/contract/district-texts";
import { DISTRICT_TEXTS_PAGE_SIZE } from "@domain/contract/district-texts";
import { FAMILY_SETTING_TEXTS, textShape, type TextEntity } from "@domain/rules/district-texts";
import { queryRows, type Exec } from "../db/client";

/**
 * Every text families read with its English as it is now, one row per (entity, id, field): the
 * settings texts, then active programs, courses, active sections' notes, questions (a section's
 * only while its notes are listed: an inactive program's or section's are not) and fees. Empty
 * English texts have nothing to translate and are left out.
 */
const TEXTS = sql`texts as (
    select * from (
      select 'setting'::text as entity, '1'::text as entity_id, k.key as field, ''::text as context,
        case when k.key = 'homeMessage' then s.data->'homeMessage'->>'message'
          else s.data->>k.key end as english, k.n::int as field_order
      from unnest(${sql.raw(`array[${FAMILY_SETTING_TEXTS.map((k) => `'${k}'`).join(",")}]`)}::text[])
        with ordinality k(key, n)
      cross join settings s
      where s.id = 1
      union all
      select 'program', p.id::text, f.field, p.name,
        case f.field when 'name' then p.name else p.cancellation_message end, f.n
      from programs p cross join (values ('name', 1), ('cancellationMessage', 2)) f(field, n)
      where p.active
      union all
      select 'course', c.id::text, f.field,
        -- A course number may carry its subject already ("ENR 150").
        case when c.course_number ilike c.subject || '%' then c.course_number
          else c.subject || ' ' || c.course_number end || ' ' || c.name,
        case f.field when 'name' then c.name else c.description end, f.n
      from courses c cross join (values ('name', 1), ('description', 2)) f(field, n)
      union all
      select 'section', s.id::text, 'notes',
        c.name || ' · ' || s.term || ' · ' || s.section_number, s.notes, 1
      from course_sections s
      join courses c on c.id = s.course_id
      join programs p on p.id = s.program_id
      where s.active and p.active
      union all
      select 'question', q.id::text, f.field, coalesce(c.name, fe.name, '') || ': ' || q.question,
        case f.field when 'question' then q.question
          else array_to_string(q.answer_list, E'\\n') end, f.n
      from course_questions q
      left join course_sections s on s.id = q.course_section_id
      left join programs p on p.id = s.program_id
      left join courses c on c.id = s.course_id
      left join fees fe on fe.id = q.fee_id
      cross join (values ('question', 1), ('answers', 2)) f(field, n)
      where q.course_section_id is null or (s.active and p.active)
      union all
      select 'fee', fe.id::text, f.field, fe.name,
        case f.field when 'name' then fe.name else fe.description end, f.n
      from fees fe cross join (values ('name', 1), ('description', 2)) f(field, n)
    ) t
    where coalesce(btrim(t.english), '') <> ''
  ), listed as (
    select t.*, d.text as spanish, d.english as written_from,
      case when d.text is null then 'missing'
        when d.english is distinct from t.english then 'review'
        else 'done' end as state,
      array_position(array['setting', 'program', 'course', 'section', 'question', 'fee'],
        t.entity) as entity_order
    from texts t
    left join district_texts d on d.entity = t.entity and d.entity_id = t.entity_id
      and d.field = t.field and d.language = 'es'
  )`;

interface Row {
  entity: TextEntity;
  entity_id: string;
  field: string;
  context: string;
  english: string;
  spanish: string | null;
  written_from: string | null;
  state: SpanishState;
}

function toText(r: Row): DistrictText {
  return {
    entity: r.entity,
    entityId: r.entity_id,
    field: r.field,
    shape: textShape(r.entity, r.field) ?? "message",
    context: r.context,
    english: r.english,
    spanish: r.spanish,
    state: r.state,
    writtenFrom: r.state === "review" ? r.written_from : null,
  };
}

/** One page of the administration's list, with the counts of each state under its filters. */
export async function readDistrictTexts(
  db: Exec,
  query: DistrictTextsQuery,
): Promise<DistrictTextsPage> {
  const filters: SQL[] = [sql`true`];
  if (query.entity) filters.push(sql`entity = ${query.entity}`);
  const q = query.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(sql`(context ilike ${like} or english ilike ${like} or spanish ilike ${like})`);
  }
  const where = sql.join(filters, sql` and `);
  // Over the texts' CTE (a union over VALUES lists and unnest with ordinality): SQL the query
  // builder cannot write.
  const [counts] = await queryRows<{ all: number; missing: number; review: number; done: number }>(
    db,
    sql`with ${TEXTS}
      select count(*)::int as all,
        count(*) filter (where state = 'missing')::int as missing,
        count(*) filter (where state = 'review')::int as review,
        count(*) filter (where state = 'done')::int as done
      from listed where ${where}`,
  );
  const state = query.state ?? null;
  const page = query.page ?? 1;
  // Over the texts' CTE: SQL the query builder cannot write (see above).
  const rows = await queryRows<Row>(
    db,
    sql`with ${TEXTS}
      select entity, entity_id, field, context, english, spanish, written_from, state
      from listed
      where ${where} and (${state}::text is null or state = ${state})
      order by entity_order, context, entity_id, field_order
      limit ${DISTRICT_TEXTS_PAGE_SIZE} offset ${(page - 1) * DISTRICT_TEXTS_PAGE_SIZE}`,
  );
  const all = counts ?? { all: 0, missing: 0, review: 0, done: 0 };
  return {
    rows: rows.map(toText),
    total: state ? all[state] : all.all,
    page,
    pageSize: DISTRICT_TEXTS_PAGE_SIZE,
    counts: all,
  };
}

/** One text as the administration lists it (null when the record or its text does not exist). */
export async function readDistrictText(
  db: Exec,
  key: { entity: TextEntity; entityId: string; field: string },
): Promise<DistrictText | null> {
  // Over the texts' CTE: SQL the query builder cannot write (see readDistrictTexts).
  const [row] = await queryRows<Row>(
    db,
    sql`with ${TEXTS}
      select entity, entity_id, field, context, english, spanish, written_from, state
      from listed
      where entity = ${key.entity} and entity_id = ${key.entityId} and field = ${key.field}`,
  );
  return row ? toText(row) : null;
}
