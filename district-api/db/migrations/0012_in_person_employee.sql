-- In-person payments record the employee who took them (decision 102): the employee
-- signed in at the register, whose token the desktop client pushed with the session.
alter table payments add column taken_by_employee_id text;

-- Cash, in-person checks and reader payments recorded from now on must name the employee. Rows
-- recorded before this migration have none and are not checked (not valid).
alter table payments add constraint payments_in_person_employee_check
  check (method not in ('cash', 'inPersonCheck', 'terminal') or taken_by_employee_id is not null)
  not valid;
