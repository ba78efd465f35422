-- Cashier in the desktop client (spec 02 §1): cash with change, in-person checks and card-reader
-- payments. Extends the payments table of 0005 and keeps the terminal payment records.

-- What the cashier took in: the cash handed over and the change given back (cents), the check
-- number, the register station (terminalId) and, for the card reader, the provider's intent.
alter table payments add column tendered_cents integer check (tendered_cents >= 0);
alter table payments add column change_cents integer check (change_cents >= 0);
alter table payments add column check_number text;
alter table payments add column terminal_id text;

-- At most one in-person payment of a cart that is under way or done: a double tap, a retried
-- request or a timed-out reader can never record a second charge.
create unique index payments_in_person_cart_idx on payments (cart_id)
  where method in ('cash', 'inPersonCheck', 'terminal') and status in ('processing', 'succeeded');

-- The terminal payment record (spec 02 §3): one reader payment intent per cart and amount.
create table terminal_payments (
  id serial primary key,
  cart_id integer not null references carts(id),
  owner_key text not null,
  payment_intent_id text not null unique,
  idempotency_key text not null unique,
  amount_cents integer not null check (amount_cents > 0),
  payment_type text not null default 'full',
  payment_method text not null default 'terminal',
  setup_id text,
  course_section_id uuid,
  terminal_id text,
  payment_id integer references payments(id),
  created_at timestamptz not null
);
create index terminal_payments_cart_idx on terminal_payments (cart_id);
