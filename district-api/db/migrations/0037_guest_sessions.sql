-- A guest is only a name and an e-mail (decision 141). Every guest sign-in is a
-- guest of its own, so the address is no longer unique; earlier receipts under the same address
-- open only to a guest who proved the mailbox with a one-time code sent to it.
drop index guests_email_idx;
create index guests_email_lookup_idx on guests (lower(email));
alter table guests add column mailbox_proven_at timestamptz;

-- The one code a guest session may enter now: its hash, when it stops counting and how many
-- guesses it has had (counted before the comparison, in one statement).
create table guest_mailbox_codes (
  guest_id integer primary key references guests (id) on delete cascade,
  code_hash text not null,
  expires_at timestamptz not null,
  attempts integer not null default 0,
  created_at timestamptz not null default now()
);
