-- Finding a student or community member (decision 122). The administration's
-- search matches the start of an ID or of a first or last name, in any case. pg_trgm is not
-- available on PGlite, so prefix matching is served by text_pattern_ops indexes on the lower-cased
-- names and on the ID's digits; they work the same on PGlite and PostgreSQL.
create index participants_name_last_prefix_idx on participants (lower(name_last) text_pattern_ops);
create index participants_name_first_prefix_idx on participants (lower(name_first) text_pattern_ops);
create index participants_id_prefix_idx on participants ((id::text) text_pattern_ops);
-- A person's payments, read on their page.
create index payments_owner_idx on payments (owner_key);
