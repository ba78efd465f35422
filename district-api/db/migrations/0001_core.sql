-- People, staff, sessions' throttle, settings and maintenance: the base every area builds on.

create table schools (
  id serial primary key,
  short_name text not null,
  full_name text not null
);

-- Students and community members share one ID space: the ID number they sign in with.
create table participants (
  id integer primary key,
  kind text not null check (kind in ('student', 'community_member')),
  name_first text not null,
  name_last text not null,
  dob date not null,
  grade text,
  gender text check (gender in ('M', 'F')),
  email text,
  custodian_emails text[] not null default '{}',
  emergency_name text,
  emergency_phone text,
  emergency_relationship text,
  financial_aid text check (financial_aid in ('free', 'reduced')),
  activity_pass boolean not null default false,
  school_id integer references schools(id),
  created_at timestamptz not null default now()
);
create index participants_email_idx on participants (lower(email));

create sequence community_member_id_seq start with 200100;

create table guests (
  id serial primary key,
  name_first text not null,
  name_last text not null,
  email text not null,
  created_at timestamptz not null default now()
);
create unique index guests_email_idx on guests (lower(email));

create table staff (
  id serial primary key,
  username text not null unique,
  password_hash text not null,
  employee_id text not null unique,
  display_name text not null,
  name_first text not null,
  name_last text not null,
  email text,
  roles text[] not null default '{}',
  active boolean not null default true
);

-- Failed sign-ins, by ID/username and by address; kept in the database so every instance agrees.
create table login_failures (
  id bigserial primary key,
  key text not null,
  at timestamptz not null
);
create index login_failures_key_at_idx on login_failures (key, at);

create table settings (
  id integer primary key default 1 check (id = 1),
  data jsonb not null
);

create table maintenance (
  id integer primary key default 1 check (id = 1),
  starts_at timestamptz,
  ends_at timestamptz
);
