-- The program list's catalogue version (decision 094). GET /v1/program keeps the parts of the
-- list that only change when staff or a script edits them (programs, courses, sections except
-- their seats, questions, schools, the settings texts) in memory, and reads this row in the same
-- statement as the per-request part (seats, waiting counts, the caller's registrations). Every
-- statement that writes one of those tables replaces the version, in its own transaction, so any
-- writer is seen: the API itself, another API process, a seed or a test writing plain SQL.
--
-- The version is a fresh random value rather than a counter, so that no value is ever used for
-- two different catalogues (a counter would repeat after a database is restored from a backup).
-- The row lock taken by the update also puts concurrent catalogue writes in commit order.
create table catalog_version (
  id integer primary key default 1 check (id = 1),
  version uuid not null default gen_random_uuid()
);
insert into catalog_version default values;

create function bump_catalog_version() returns trigger language plpgsql as $$
begin
  update catalog_version set version = gen_random_uuid() where id = 1;
  return null;
end
$$;

-- Sections: seats_taken changes on every registration and is never cached, so an update bumps the
-- version only when some other column of some row changed (whatever columns are added later).
create function bump_catalog_version_sections() returns trigger language plpgsql as $$
begin
  if exists (
    select to_jsonb(n) - 'seats_taken' from new_rows n
    except all
    select to_jsonb(o) - 'seats_taken' from old_rows o
  ) then
    update catalog_version set version = gen_random_uuid() where id = 1;
  end if;
  return null;
end
$$;

create trigger programs_catalog_version after insert or update or delete or truncate on programs
  for each statement execute function bump_catalog_version();
create trigger courses_catalog_version after insert or update or delete or truncate on courses
  for each statement execute function bump_catalog_version();
create trigger course_questions_catalog_version
  after insert or update or delete or truncate on course_questions
  for each statement execute function bump_catalog_version();
create trigger schools_catalog_version after insert or update or delete or truncate on schools
  for each statement execute function bump_catalog_version();
create trigger settings_catalog_version after insert or update or delete or truncate on settings
  for each statement execute function bump_catalog_version();
create trigger course_sections_catalog_version after insert or delete or truncate on course_sections
  for each statement execute function bump_catalog_version();
create trigger course_sections_catalog_version_update after update on course_sections
  referencing old table as old_rows new table as new_rows
  for each statement execute function bump_catalog_version_sections();
