-- Sessions ended on the server (decision 103). Every token carries its session's id (`sid`); a
-- refresh keeps it. Signing out records the session here, and every authenticated call looks its
-- token's session up by primary key: a token of an ended session is refused, whichever process
-- issued it. A row is needed only while a token of that session could still be unexpired, so
-- `expires_at` (the end of the longest token the session could hold) lets old rows be deleted.
create table ended_sessions (
  sid uuid primary key,
  ended_at timestamptz not null,
  expires_at timestamptz not null
);
create index ended_sessions_expires_at on ended_sessions (expires_at);
