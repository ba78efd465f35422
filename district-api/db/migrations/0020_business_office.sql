-- The business office (decision 123): mailed checks received, reversed and bounced.
--
-- A mailed-check promise is a `payments` row with method 'mail' (services/mailed-checks.ts): its
-- amount is pending on the registration until checks for it are recorded here. A check is
-- recorded once per promise and check number while it stands (the partial unique index), so two
-- processes recording the same check at once make one row. A reversed (recorded by mistake) or
-- bounced check keeps its row, with who undid it, when and why; its money goes back to pending.
create table mailed_checks (
  id serial primary key,
  payment_id integer not null references payments(id),
  check_number text not null,
  amount_cents integer not null check (amount_cents > 0),
  -- The district day the check arrived (DISTRICT_TZ).
  received_on date not null,
  status text not null default 'received' check (status in ('received', 'reversed', 'bounced')),
  reason text,
  recorded_by text not null,
  recorded_at timestamptz not null,
  undone_by text,
  undone_at timestamptz
);
create unique index mailed_checks_standing on mailed_checks (payment_id, check_number)
  where status = 'received';
create index mailed_checks_payment on mailed_checks (payment_id);

-- The office's list of promises, newest first.
create index payments_mail_promises on payments (created_at desc, id desc) where method = 'mail';

-- Days a mailed-check promise may wait before the office may cancel it (a district setting).
update settings set data = jsonb_build_object('mailedCheckDays', 21) || data where id = 1;
