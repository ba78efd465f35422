-- Fees, carts and payments (spec 02 §3). Extends 0002 with ALTER TABLE only.

-- Who may see a fee beyond the allow_* flags: a criteria error shown on the card (e.g. grade).
alter table fees add column criteria_grades text[];
-- Where a self-assessed (bought) fee came from, and the donation amount a person chose.
alter table assessed_fees add column cart_id integer;
alter table assessed_fees add column donation_cents integer;

-- One OPEN cart per owner ("<kind>:<sub>"). A cart's items are released when expires_at passes.
-- PROCESSING: a card payment is under way; PAID: settled (card, free order); MAIL: submitted to be
-- paid by mailed check; EXPIRED: timed out and released; EMPTIED: emptied by its owner.
create table carts (
  id serial primary key,
  owner_key text not null,
  owner_name text not null default '',
  status text not null default 'OPEN'
    check (status in ('OPEN', 'PROCESSING', 'PAID', 'MAIL', 'EXPIRED', 'EMPTIED')),
  expires_at timestamptz,
  paid_cents integer not null default 0 check (paid_cents >= 0),
  payment_method text,
  had_fees boolean not null default false,
  created_at timestamptz not null default now(),
  paid_at timestamptz
);
create unique index carts_one_open_idx on carts (owner_key) where status in ('OPEN', 'PROCESSING');
create index carts_owner_idx on carts (owner_key);
create index carts_expiry_idx on carts (expires_at) where status = 'OPEN';

-- One row per unit; identical rows are grouped with a quantity when read. Prices are decided by
-- the server when the item is added (cost_cents is the net amount still to pay for this unit).
create table cart_items (
  id serial primary key,
  cart_id integer not null references carts(id),
  item_type text not null check (item_type in ('fee', 'registration')),
  fee_id integer references fees(id),
  assessed_fee_id integer references assessed_fees(id),
  registration_id uuid references registrations(id),
  cost_cents integer not null check (cost_cents >= 0),
  original_cost_cents integer not null check (original_cost_cents >= 0),
  allow_partial boolean not null default false,
  donation boolean not null default false,
  answers jsonb not null default '[]',
  paid_cents integer not null default 0,
  created_at timestamptz not null default now(),
  check ((item_type = 'fee' and fee_id is not null) or (item_type = 'registration' and registration_id is not null))
);
create index cart_items_cart_idx on cart_items (cart_id);

-- Every payment attempt. idempotency_key is unique: the same payment submitted twice is one row.
create table payments (
  id serial primary key,
  owner_key text not null,
  cart_id integer references carts(id),
  registration_id uuid references registrations(id),
  -- stripe | mail | fab | free_after_cc | waitlist | free
  method text not null,
  payment_type text not null default 'full',
  amount_cents integer not null check (amount_cents >= 0),
  -- pending | processing | succeeded | failed | refunded
  status text not null,
  idempotency_key text not null unique,
  provider_ref text unique,
  provider_message text,
  confirmation_id text unique,
  created_at timestamptz not null,
  settled_at timestamptz
);
create index payments_cart_idx on payments (cart_id);
create index payments_registration_idx on payments (registration_id);

-- Webhook events already handled: a redelivered event changes nothing.
create table provider_events (
  id text primary key,
  type text not null,
  received_at timestamptz not null default now()
);

-- What each settled payment bought: amounts per assessed fee or registration (the receipt).
create table purchases (
  id serial primary key,
  payment_id integer not null references payments(id),
  cart_id integer references carts(id),
  assessed_fee_id integer references assessed_fees(id),
  registration_id uuid references registrations(id),
  amount_cents integer not null check (amount_cents >= 0),
  created_at timestamptz not null
);
create index purchases_cart_idx on purchases (cart_id);
create index purchases_assessed_idx on purchases (assessed_fee_id);

-- The built-in payment simulator's own records (what Stripe would keep in test mode): setup
-- intents, payment intents, hosted checkout sessions and refunds. Kept in the database so every
-- instance agrees.
create table sim_objects (
  id text primary key,
  kind text not null check (kind in ('setup_intent', 'payment_intent', 'checkout_session', 'refund')),
  status text not null,
  amount_cents integer,
  payment_method text,
  idempotency_key text unique,
  metadata jsonb not null default '{}',
  created_at timestamptz not null default now()
);
