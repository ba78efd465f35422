-- The business office's payments report (decision 132): indexes for reading a
-- range of district days of money received and refunded (queries/payments-report.ts).

-- Payments that took money, by when they settled (the report's range).
create index payments_settled_money on payments (settled_at)
  where method in ('stripe', 'terminal', 'cash', 'inPersonCheck')
    and status in ('succeeded', 'refunded');
-- The lines a payment paid for (its purchases), to split it per account code.
create index purchases_payment_idx on purchases (payment_id);
-- Refunds paid out, by when.
create index payment_refunds_settled on payment_refunds (settled_at) where status = 'succeeded';
-- Mailed checks by the day they arrived, and bounced checks by when they bounced.
create index mailed_checks_received_on on mailed_checks (received_on);
create index mailed_checks_bounced_at on mailed_checks (undone_at) where status = 'bounced';
