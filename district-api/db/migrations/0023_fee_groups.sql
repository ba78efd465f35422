-- Fee groups the administration creates and renames (decision 127).
--
-- A family may buy one fee of a group (rule 5 of the fee criteria), so two groups an administrator
-- cannot tell apart would be one rule in two halves: a name is unique whatever its case. The
-- unique index decides between two creates of one name at once (the second is refused, never
-- both written). Names that already differ only in case (none in the demo data) keep their first
-- row's name; each later one gets its id appended, so the index can be built.
update fee_groups g
set name = g.name || ' (' || g.id || ')'
where exists (select 1 from fee_groups o where lower(o.name) = lower(g.name) and o.id < g.id);
create unique index fee_groups_name_lower on fee_groups (lower(name));
