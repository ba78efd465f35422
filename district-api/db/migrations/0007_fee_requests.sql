-- Fee requests (proposals): what an employee asks the business office to charge, its sponsors,
-- its questions and its status history. Approval turns a request into a row of fees (0002).

create table approval_routes (
  id serial primary key,
  route text not null unique
);

create table fee_requests (
  id serial primary key,
  fee_name text not null,
  school_id integer not null references schools(id),
  school_year_id integer not null references school_years(id),
  fee_type text not null check (fee_type in ('Course', 'Enrollment', 'Optional')),
  fee_category_id integer references fee_categories(id),
  approval_route_id integer not null references approval_routes(id),
  cost_cents integer not null check (cost_cents >= 100),
  cost_variable boolean not null default false,
  account_code text,
  account_assigned_by_bo boolean not null default false,
  allow_student boolean not null default false,
  allow_employee boolean not null default false,
  allow_community_member boolean not null default false,
  allow_guest boolean not null default false,
  description text not null default '',
  other_information text not null default '',
  -- The calendar dates typed, and the instants they mean in district time.
  collection_start date not null,
  collection_end date not null,
  sale_start timestamptz not null,
  sale_end timestamptz not null,
  requires_additional_information boolean not null default false,
  status text not null default 'Pending' check (status in ('Pending', 'Approved', 'Denied')),
  created_by text not null references staff(employee_id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- The fee created when the request was approved.
  fee_id integer references fees(id),
  check (fee_type = 'Optional' or fee_category_id is null),
  check (account_assigned_by_bo or account_code is not null)
);
create index fee_requests_created_by_idx on fee_requests (created_by);
create index fee_requests_status_idx on fee_requests (status);

create table fee_request_sponsors (
  fee_request_id integer not null references fee_requests(id) on delete cascade,
  employee_id text not null references staff(employee_id),
  primary key (fee_request_id, employee_id)
);
create index fee_request_sponsors_employee_idx on fee_request_sponsors (employee_id);

create table fee_request_questions (
  id serial primary key,
  fee_request_id integer not null references fee_requests(id) on delete cascade,
  question text not null,
  response_type text not null check (response_type in ('Value List', 'Free Form', 'Waiver', 'Signature')),
  answer_list text[] not null default '{}',
  sort_order integer not null check (sort_order >= 1),
  unique (fee_request_id, sort_order)
);

-- Every status a request went through, who moved it and the approver's notes.
create table fee_request_history (
  id serial primary key,
  fee_request_id integer not null references fee_requests(id) on delete cascade,
  status text not null check (status in ('Pending', 'Approved', 'Denied')),
  by_employee_id text not null references staff(employee_id),
  notes text,
  at timestamptz not null default now()
);
create index fee_request_history_request_idx on fee_request_history (fee_request_id, at);
