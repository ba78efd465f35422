-- District administration (decision 119).
--
-- Ending a staff member's sessions at once (deactivation, a password reset): every token issued
-- at or before `sessions_ended_at` is refused at its next call, whichever process issued it. The
-- check rides on the per-call session lookup (services/sessions.ts), one unique-index probe.
alter table staff add column sessions_ended_at timestamptz;

-- The audit trail: every administrative change, written in the same transaction as the change
-- (services/audit.ts). `before` and `after` hold the changed values (never a password or its hash).
create table audit_entries (
  id bigserial primary key,
  at timestamptz not null default now(),
  actor_employee_id text not null,
  actor_username text not null,
  action text not null,
  entity text not null,
  entity_id text,
  before jsonb,
  after jsonb
);
create index audit_entries_at on audit_entries (at desc, id desc);
create index audit_entries_actor on audit_entries (actor_username, at desc);
create index audit_entries_entity on audit_entries (entity, action, at desc);

-- The district's name, the check-mailing address and the two durations move from the message
-- catalogue and the cartCountdownTimer text into the settings, with today's values. Keys the
-- district already set are kept (the stored data wins the merge).
update settings set data = jsonb_build_object(
  'districtName', 'School District',
  'checkPayableTo', 'School District',
  'checkMailingAddress', 'Enrollment Specialist, School District, 100 Main Street, Springfield',
  'cartHoldMinutes', coalesce(case when data->>'cartCountdownTimer' ~ '^[0-9]{1,4}$'
    then (data->>'cartCountdownTimer')::int end, 15),
  'paymentWindowMinutes', coalesce(case when data->>'cartCountdownTimer' ~ '^[0-9]{1,4}$'
    then (data->>'cartCountdownTimer')::int end, 15)
) || data where id = 1;
