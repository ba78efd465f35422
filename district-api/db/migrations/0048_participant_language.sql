-- The language a family chose for its pages (decision 171): kept on the participant's record so
-- that the mail the district sends them (receipts, confirmations, waitlist offers, notices) is in
-- it, whoever's request sends it, and staff rosters show it.
alter table participants
  add column language text not null default 'en' check (language in ('en', 'es'));
