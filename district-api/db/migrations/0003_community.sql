-- Community member profiles and guardians/contacts (spec 01 §3). Names, birth date, grade,
-- gender and e-mail stay on participants (sign-in and ID recovery read them there).

create table community_profiles (
  participant_id integer primary key references participants(id) on delete cascade,
  address text not null,
  city text not null,
  state text not null,
  zip text not null,
  home_phone text not null,
  printed_signature text not null,
  signature_png bytea,
  updated_at timestamptz not null default now()
);

-- Guardians or contacts of a participant; at least two for a community member (checked by the API).
create table guardians (
  id serial primary key,
  participant_id integer not null references participants(id) on delete cascade,
  position integer not null default 0,
  name_first text not null,
  name_last text not null,
  relationship text not null check (relationship in ('Mother', 'Father', 'Other')),
  relationship_other text,
  phone1 text not null,
  phone1_type text not null check (phone1_type in ('Home', 'Work', 'Mobile')),
  phone2 text,
  phone2_type text check (phone2_type in ('Home', 'Work', 'Mobile')),
  email text
);
create index guardians_participant_idx on guardians (participant_id, position);

-- "Same person" for registration: same first and last name (case-insensitive) and birth date.
create index participants_member_identity_idx
  on participants (lower(name_first), lower(name_last), dob)
  where kind = 'community_member';
