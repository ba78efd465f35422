-- A family may extend a running payment window once (decision 146, WCAG 2.2.1).
-- The registration records when its window was extended: the extension is a guarded update
-- "where hold_extended_at is null", so a second request, a second tab or a replayed post is
-- refused. It is never cleared: a registration has one payment window.
alter table registrations add column hold_extended_at timestamptz;
