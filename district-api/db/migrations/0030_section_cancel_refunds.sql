-- Cancelling a section gives back the money paid for its registrations (decision 133): each is an
-- automatic refund of its own kind, sent to the provider for a card, left pending for the office
-- to pay out for money taken by hand.
alter table payment_refunds drop constraint payment_refunds_reason_check;
alter table payment_refunds add constraint payment_refunds_reason_check
  check (reason in ('cart_paid', 'cart_changed', 'cart_expired', 'registration_paid', 'seat_lost',
    'office', 'section_cancelled'));
