-- The district's own texts in Spanish (decision 172, issue 34 §6): one row per text of a record
-- (a program's name, a course's description, a settings text...) and language. `english` is the
-- English the version was written from, so the administration can show which ones to review after
-- the English changed. The records keep their English; families asking in Spanish get the
-- Spanish version where one exists, the English otherwise.
create table district_texts (
  entity text not null check (entity in ('setting', 'program', 'course', 'section', 'question', 'fee')),
  entity_id text not null,
  field text not null,
  language text not null check (language in ('es')),
  text text not null check (length(text) > 0),
  english text not null,
  updated_at timestamptz not null default now(),
  updated_by text not null,
  primary key (entity, entity_id, field, language)
);

-- The program list keeps its catalogue (names, descriptions, questions) in memory by version
-- (decision 094, migration 0009): a Spanish text is part of it.
create trigger district_texts_catalog_version
  after insert or update or delete or truncate on district_texts
  for each statement execute function bump_catalog_version();
