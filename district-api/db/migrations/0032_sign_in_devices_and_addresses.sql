-- Sign-in limits that lock out neither a shared address's families nor a person's own browser
-- (decision 136).
--
-- A browser that signed in as a person is remembered by a random token it keeps in a cookie; only
-- the token's SHA-256 is stored, so the table gives nobody a usable token, and deleting a row
-- forgets (revokes) that browser. Attempts presenting a remembered token are counted on the
-- token's own `sign_in_attempts` key, never on the person's or the address's.
create table sign_in_devices (
  token_hash text primary key,
  account text not null,
  created_at timestamptz not null,
  last_used_at timestamptz not null
);
create index sign_in_devices_account_idx on sign_in_devices (account);
create index sign_in_devices_last_used_at_idx on sign_in_devices (last_used_at);

-- Per address, from browsers not known to the person: the failures that count against it in its
-- window (a year from the first), typos of the right birth date and failures given back excluded.
create table sign_in_addresses (
  address text primary key,
  failures integer not null default 0,
  first_at timestamptz not null,
  last_at timestamptz not null,
  -- Whether the statement that last touched the row counted its failure (false: the address was full).
  admitted boolean not null default true
);
create index sign_in_addresses_last_at_idx on sign_in_addresses (last_at);

-- Per address and person: that person's counted failures from the address (given back when the
-- person signs in from it) and when the person last signed in from it (the address's earned room).
create table sign_in_address_people (
  address text not null,
  account text not null,
  failures integer not null default 0,
  signed_in_at timestamptz,
  last_at timestamptz not null,
  primary key (address, account)
);
create index sign_in_address_people_last_at_idx on sign_in_address_people (last_at);
