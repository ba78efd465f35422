-- Staff from the district's student information system (decision 128).
--
-- An imported staff member has no password until an administrator sets one (the staff page's
-- reset): a null hash never matches, so they cannot sign in before.
alter table staff alter column password_hash drop not null;
-- The accounts the import created: only these may be marked inactive when a full export leaves
-- them out (an account made on the staff page is never touched that way).
alter table staff add column imported boolean not null default false;
-- The roles the last import gave: a re-import replaces these and keeps the roles an administrator
-- added on the staff page.
alter table staff add column import_roles text[] not null default '{}';
-- Marked inactive by a full export (not by an administrator): a later file that has them again
-- makes them active; one an administrator deactivated stays inactive.
alter table staff add column import_deactivated boolean not null default false;
-- The school the district's file says they work at (none for the district office).
alter table staff add column school_id integer references schools(id);
