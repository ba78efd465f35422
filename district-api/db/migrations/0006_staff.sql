-- Staff area (decision 051): rosters read what has been paid on a registration. The registration
-- area adds this column in 0004; repeated here with IF NOT EXISTS so the roster's balance due
-- never depends on the order the areas land in. No other change to shared tables.
alter table registrations add column if not exists paid_cents integer not null default 0;
