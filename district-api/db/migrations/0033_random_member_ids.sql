-- New community member IDs are drawn at random from 20000000–29999999 (decision 137), so the
-- sequence that handed them out one after another (200100, 200101, …) is no longer used.
-- Existing members keep their IDs.
drop sequence if exists community_member_id_seq;
