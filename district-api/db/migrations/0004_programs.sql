-- Programs and registration (spec 01 §3): payment amounts on a registration, its questions'
-- signature, waitlist order, and health survey answers. Extends 0002 with ALTER TABLE only.

-- What has been paid (paid_cents) and what is promised but not yet received (pending_cents, e.g.
-- a mailed check) for a registration; written by the payments area through
-- services/registration.ts. in_cart is true while the registration sits in the family's cart.
alter table registrations add column paid_cents integer not null default 0 check (paid_cents >= 0);
alter table registrations add column pending_cents integer not null default 0 check (pending_cents >= 0);
alter table registrations add column in_cart boolean not null default false;
-- The waiver's typed or drawn signature and the signer's legal name.
alter table registrations add column signature text;
alter table registrations add column legal_name text;
-- First come, first served: the order people joined a waitlist in (created_at can tie).
alter table registrations add column seq bigserial;
create index registrations_waitlist_idx on registrations (course_section_id, seq)
  where status = 'waitlisted';

create table survey_responses (
  participant_id integer not null references participants(id),
  program_id uuid not null references programs(id),
  is_at_risk boolean not null,
  answers jsonb not null default '{}',
  submitted_at timestamptz not null,
  primary key (participant_id, program_id)
);
