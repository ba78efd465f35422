-- Sign-in attempts (decision 100): one counter row per key (a participant ID, a staff username, a
-- desktop-key holder, or an address), counted in one statement before the secret is checked, so
-- every request and every process sees every attempt. `failures` counts attempts that were let
-- through and did not succeed (or are still being checked); `admitted` is whether the statement
-- that last touched the row let its attempt through.
create table sign_in_attempts (
  key text primary key,
  failures integer not null default 0,
  first_at timestamptz not null,
  last_at timestamptz not null,
  admitted boolean not null default true
);
create index sign_in_attempts_last_at_idx on sign_in_attempts (last_at);
