-- Which start created this database (decision 135): the demo start (`npm start`, demo people and
-- accounts) or the production start. The demo start refuses a production database and a database
-- with data it did not seed; the production start refuses a database holding the demo's data.
create table database_origin (
  id smallint primary key default 1 check (id = 1),
  created_by text not null check (created_by in ('demo', 'production')),
  recorded_at timestamptz not null default now()
);

-- A database from before this release: the demo's own accounts or students say the demo start
-- seeded it (its administrator E1005 and its first student are seeded first, so a seed that
-- stopped half-way is found too); any other database that holds anything came from the
-- production start or the commands. An empty database gets its row at its first start.
insert into database_origin (created_by)
select case
  when exists (select 1 from staff where username = 'admin' and employee_id = 'E1005')
    or exists (select 1 from participants
      where id = 100001 and dob = '2012-01-15' and email = 'student100001@example.org')
  then 'demo' else 'production' end
where exists (select 1 from settings)
  or exists (select 1 from participants)
  or exists (select 1 from staff);
