-- Every limit counts on sign_in_attempts (decision 100); the per-failure rows are no longer read.
drop table if exists login_failures;
