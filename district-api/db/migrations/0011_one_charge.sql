-- A cart is paid once (decision 101). Extends payments of 0005 and records refunds.
--
-- cart_fingerprint: the cart's contents and total when the payment (hosted session or card
-- charge) was created, as computed by services/checkout.ts; a payment settles only against the
-- same contents. expires_at: when a hosted session stops being payable. applied_at: when the
-- amount of a payment reached its registration (mailed checks), set once under the guard
-- "applied_at is null" so a repeated confirmation changes the registration once.
-- payments.status gains 'expired': a hosted session that can no longer take money (its cart was
-- paid, changed or timed out); if it was paid all the same, settlement refunds it.
alter table payments add column cart_fingerprint text;
alter table payments add column expires_at timestamptz;
alter table payments add column applied_at timestamptz;

-- Money given back automatically: a payment that settled for a cart already paid, changed or
-- expired, or for a registration already paid (the whole payment), or for a registration whose
-- seat was lost (that part). The row is
-- written before the provider is asked (status pending), then marked succeeded or failed; the
-- idempotency key is the one sent to the provider, so a retry never refunds twice.
create table payment_refunds (
  id serial primary key,
  payment_id integer not null references payments(id),
  registration_id uuid references registrations(id),
  amount_cents integer not null check (amount_cents > 0),
  reason text not null check (reason in ('cart_paid', 'cart_changed', 'cart_expired', 'registration_paid', 'seat_lost')),
  status text not null check (status in ('pending', 'succeeded', 'failed')),
  idempotency_key text not null unique,
  provider_ref text,
  created_at timestamptz not null,
  settled_at timestamptz
);
create index payment_refunds_payment_idx on payment_refunds (payment_id);

-- Payments recorded before this migration have already reached their registrations.
update payments set applied_at = coalesce(settled_at, created_at)
  where registration_id is not null
    and (status = 'succeeded' or (status = 'pending' and method = 'mail'));
