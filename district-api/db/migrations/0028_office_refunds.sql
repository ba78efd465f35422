-- Refunds made by the business office (decision 131). The automatic refunds of
-- 0011 keep their meaning; the office's own refunds are rows of the same table with reason
-- 'office'. A refund is money out when its status is 'succeeded', on the district day of its
-- settled_at, with the method of its payment (the reconciliation report reads it so): a card
-- refund succeeds when the provider accepts it; cash or a check given back by hand is recorded
-- succeeded when it is paid out, with who paid it out.
alter table payment_refunds drop constraint payment_refunds_reason_check;
alter table payment_refunds add constraint payment_refunds_reason_check
  check (reason in ('cart_paid', 'cart_changed', 'cart_expired', 'registration_paid', 'seat_lost', 'office'));
-- The employee who made the refund (office refunds) or paid it out by hand (cash, check).
alter table payment_refunds add column employee_id text;
-- How the money went back: through the provider to the card, or by hand in cash or by check.
alter table payment_refunds add column paid_out_method text
  check (paid_out_method in ('card', 'cash', 'check'));
-- The check's number when it was given back by check.
alter table payment_refunds add column check_number text;
-- The office's reason, as typed (the refund's own words; `reason` stays the kind of refund).
alter table payment_refunds add column note text;
-- The fee bought with the payment that this refund gives back (a registration is registration_id).
alter table payment_refunds add column assessed_fee_id integer references assessed_fees(id);
-- What the office asked for with the refund, applied when the money has gone back.
alter table payment_refunds add column cancels_registration boolean not null default false;
alter table payment_refunds add column unassesses_fee boolean not null default false;
-- The provider's refusal, when it refused (a refused office refund is not kept: this is for a
-- failed automatic refund, shown to the office to retry).
alter table payment_refunds add column failure text;
-- The office's lists: refunds still to be made by hand or retried, newest first.
create index payment_refunds_open_idx on payment_refunds (created_at desc, id desc)
  where status in ('pending', 'failed');
