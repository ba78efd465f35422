-- Remembered children of a community account (decision 168): a community member who proved a
-- child's ID and birth date in their sign-in may keep the link, so the child comes back with their
-- next sign-in; they can remove it. Only links: each child's data stays reached by that child's
-- own session, which the district API opens for a remembered child.
create table household_links (
  holder_id integer not null references participants(id) on delete cascade,
  child_id integer not null references participants(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (holder_id, child_id),
  check (holder_id <> child_id)
);
