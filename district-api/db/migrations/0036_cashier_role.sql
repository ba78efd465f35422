-- Taking money at the register needs the cashier role (decision 140), set by an administrator on
-- /admin/staff. Until now any active staff member could: the accounts that have taken an
-- in-person payment keep doing so, each with an audit entry saying why; every other account needs
-- an administrator to give it the role.
with granted as (
  update staff set roles = array_append(roles, 'cashier')
  where not ('cashier' = any(roles))
    and employee_id in (select taken_by_employee_id from payments
                        where taken_by_employee_id is not null)
  returning id, username, roles
)
insert into audit_entries (at, actor_employee_id, actor_username, action, entity, entity_id,
  before, after)
select now(), 'migration', 'migration 0036', 'staff.roles', 'staff', id::text,
  jsonb_build_object('username', username, 'roles', to_jsonb(array_remove(roles, 'cashier'))),
  jsonb_build_object('username', username, 'roles', to_jsonb(roles),
    'reason', 'took in-person payments before the cashier role existed')
from granted;
