-- The shared catalogue: programs, course sections, questions, registrations, fees and assessed
-- fees. Areas extend these tables in their own later migrations (ALTER TABLE), never by editing
-- this file.

create table school_years (
  id serial primary key,
  year text not null unique
);

create table fee_categories (
  id serial primary key,
  name text not null unique
);

create table programs (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  open boolean not null default true,
  active boolean not null default true,
  one_section_per_term boolean not null default false,
  requires_survey boolean not null default false,
  allow_partial boolean not null default false,
  cancellation_message text,
  sort_order integer not null default 0
);

create table courses (
  id uuid primary key default gen_random_uuid(),
  subject text not null,
  course_number text not null,
  name text not null,
  description text not null default '',
  category text
);

-- A course offered in a program and term: the "courseSelection" of the student view.
create table course_sections (
  id uuid primary key default gen_random_uuid(),
  program_id uuid not null references programs(id),
  course_id uuid not null references courses(id),
  section_number text not null,
  term_id text not null,
  term text not null,
  instructor_employee_id text references staff(employee_id),
  school_id integer references schools(id),
  restrict_to_school boolean not null default false,
  capacity integer not null check (capacity >= 0),
  -- Seats held by registered and awaiting-payment registrations. Changed only under the row lock.
  seats_taken integer not null default 0 check (seats_taken >= 0),
  waitlist_enabled boolean not null default true,
  credit_hours numeric(5, 2) not null default 0,
  delivery_method text not null default 'In Person',
  meeting_days text[] not null default '{}',
  room_number text,
  date_start date not null,
  date_end date not null,
  time_start time,
  time_end time,
  cost_cents integer not null default 0 check (cost_cents >= 0),
  allow_community boolean not null default true,
  eligible_grades text[],
  time_conflict_override boolean not null default false,
  one_section_per_term_override boolean not null default false,
  active boolean not null default true,
  notes text
);
create index course_sections_program_idx on course_sections (program_id);
create index course_sections_instructor_idx on course_sections (instructor_employee_id);

create table fee_groups (
  id serial primary key,
  name text not null
);

create table fees (
  id serial primary key,
  name text not null,
  description text not null default '',
  amount_cents integer not null check (amount_cents >= 0),
  fee_type text not null default 'Optional' check (fee_type in ('Course', 'Enrollment', 'Optional')),
  fee_category_id integer references fee_categories(id),
  school_id integer references schools(id),
  school_year_id integer references school_years(id),
  account_code text,
  max_quantity integer not null default 1 check (max_quantity >= 1),
  allow_partial boolean not null default false,
  is_donation boolean not null default false,
  fee_group_id integer references fee_groups(id),
  free_amount_cents integer,
  free_quantity integer,
  reduced_amount_cents integer,
  reduced_quantity integer,
  activity_amount_cents integer,
  activity_quantity integer,
  allow_student boolean not null default true,
  allow_employee boolean not null default false,
  allow_community_member boolean not null default false,
  allow_guest boolean not null default false,
  sale_start timestamptz,
  sale_end timestamptz,
  active boolean not null default true,
  notes text,
  created_at timestamptz not null default now()
);

-- Employees who own a fee (its sponsors): they see it under My Fees and its report.
create table fee_owners (
  fee_id integer not null references fees(id),
  employee_id text not null references staff(employee_id),
  primary key (fee_id, employee_id)
);

-- Questions asked before registering for a section or buying a fee (same shape for both).
create table course_questions (
  id serial primary key,
  course_section_id uuid references course_sections(id),
  fee_id integer references fees(id),
  question text not null,
  response_type text not null check (response_type in ('Value List', 'Free Form', 'Waiver', 'Signature')),
  answer_list text[] not null default '{}',
  sort_order integer not null,
  check ((course_section_id is null) <> (fee_id is null))
);
create index course_questions_section_idx on course_questions (course_section_id);
create index course_questions_fee_idx on course_questions (fee_id);

create table registrations (
  id uuid primary key default gen_random_uuid(),
  course_section_id uuid not null references course_sections(id),
  participant_id integer not null references participants(id),
  -- registered | pending_payment | waitlisted | offered | cancelled
  status text not null check (status in ('registered', 'pending_payment', 'waitlisted', 'offered', 'cancelled')),
  cancel_reason text,
  -- End of the payment window (pending_payment) or of a waitlist offer (offered).
  hold_expires_at timestamptz,
  cost_cents integer not null default 0,
  credits_applied_cents integer not null default 0,
  financial_aid text,
  answers jsonb not null default '[]',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  cancelled_at timestamptz
);
-- One live registration (or waitlist place) per person and section.
create unique index registrations_live_idx on registrations (course_section_id, participant_id)
  where status <> 'cancelled';
create index registrations_participant_idx on registrations (participant_id);
create index registrations_hold_idx on registrations (hold_expires_at) where status in ('pending_payment', 'offered');

-- A fee a person owes or bought ("student fee"). payer_key is "<kind>:<id>" of the token's
-- subject (student:100001, community_member:200001, guest_user:3, staff:E1001).
create table assessed_fees (
  id serial primary key,
  fee_id integer not null references fees(id),
  payer_key text not null,
  participant_id integer references participants(id),
  status text not null default 'due' check (status in ('due', 'partial', 'paid')),
  assessed_cost_cents integer not null check (assessed_cost_cents >= 0),
  paid_cents integer not null default 0 check (paid_cents >= 0),
  quantity integer not null default 1,
  allow_partial boolean not null default false,
  self_assessed boolean not null default false,
  registration_id uuid references registrations(id),
  notes text,
  answers jsonb not null default '[]',
  assessed_at timestamptz not null default now(),
  paid_at timestamptz
);
create index assessed_fees_payer_idx on assessed_fees (payer_key);
create index assessed_fees_fee_idx on assessed_fees (fee_id);
