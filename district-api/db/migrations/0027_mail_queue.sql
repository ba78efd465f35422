-- Outgoing mail through a durable queue in the database (decision 130).
--
-- A message is written in the transaction of the change it tells about, so it exists if and only
-- if that change committed; a worker in each district API process claims due rows (FOR UPDATE
-- SKIP LOCKED, then status 'sending' with a lease), sends, and marks them sent. A failed send goes
-- back to 'queued' with a later next_attempt_at (exponential back-off) until its last attempt,
-- then 'failed'. A row left 'sending' by a process that died mid-send is not sent again when its
-- lease runs out (at most once): it becomes 'failed' and the office can resend it.
-- Who a message concerns (owner, participant, cart, payment, registration) is for the business
-- office's mail log; the address and the body are never logged.
create table mail_queue (
  id bigserial primary key,
  kind text not null,
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  owner_key text,
  participant_id integer,
  cart_id integer,
  payment_id integer,
  registration_id uuid,
  status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  lease_until timestamptz,
  last_error text,
  resend_of bigint references mail_queue (id),
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
-- The worker's claim: due rows in order.
create index mail_queue_due on mail_queue (next_attempt_at, id) where status = 'queued';
-- Leases that ran out.
create index mail_queue_sending on mail_queue (lease_until) where status = 'sending';
-- The office's mail log for a family.
create index mail_queue_participant on mail_queue (participant_id, created_at) where participant_id is not null;
create index mail_queue_owner on mail_queue (owner_key, created_at) where owner_key is not null;
create index mail_queue_to on mail_queue (lower(to_address), created_at);

-- Every process listening is woken when mail is queued, at the commit of the enqueuing
-- transaction (a NOTIFY is delivered then, never for a transaction rolled back).
create function mail_queue_notify() returns trigger language plpgsql as $$
begin
  perform pg_notify('mail_queue', '');
  return null;
end;
$$;
create trigger mail_queue_notify after insert on mail_queue
  for each statement execute function mail_queue_notify();
