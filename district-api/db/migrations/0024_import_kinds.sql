-- Staff and the catalogue come in through the same import runs as students (decisions 128 and
-- 129): a run says which kind of file it read.
alter table import_runs drop constraint import_runs_kind_check;
alter table import_runs add constraint import_runs_kind_check
  check (kind in ('students', 'staff', 'catalogue'));
