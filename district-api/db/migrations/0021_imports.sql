-- Bringing the district's data in (decision 124).
--
-- A student missing from a full export of the student information system is never deleted (they
-- may have registrations and payments): they are marked inactive, and an inactive student cannot
-- sign in (services/accounts.ts) nor refresh a session. The next import that carries them makes
-- them active again.
alter table participants add column active boolean not null default true;

-- Files uploaded through the administration, kept for the dry run and then the real run of the
-- same bytes (the page's "Apply" posts no file again). Removed after a day.
create table import_files (
  id uuid primary key,
  employee_id text not null,
  name text not null,
  content text not null,
  created_at timestamptz not null default now()
);
create index import_files_created_at on import_files (created_at);

-- Every run (dry or real) and its report, per row, for the page and its CSV download.
create table import_runs (
  id uuid primary key,
  at timestamptz not null,
  employee_id text not null,
  kind text not null check (kind in ('students')),
  dry_run boolean not null,
  full_export boolean not null,
  status text not null check (status in ('dry-run', 'applied', 'refused')),
  file_ids uuid[] not null default '{}',
  file_names text[] not null default '{}',
  summary jsonb not null,
  rows jsonb not null,
  applied_run_id uuid
);
create index import_runs_at on import_runs (at desc);
