-- One cart for a household (decision 167): a cart's lines may be for several children of one
-- sign-in, so each line names whose it is ("student:100012"), the cart's owner being the one who
-- pays. Lines made before this are their cart owner's.
alter table cart_items add column for_key text;
update cart_items i set for_key = c.owner_key from carts c where c.id = i.cart_id;
alter table cart_items alter column for_key set not null;
-- The per-person checks (a fee's limit, "already in a cart") read a person's lines in any open cart.
create index cart_items_for_key on cart_items (for_key);
