-- From one client address, at most one seat held by an unpaid mailed-check promise
-- (decision 142). A promise of a community member or guest records a hash of the client
-- address it was made from (addressKey: an IPv4 address, an IPv6 /64), never the address itself;
-- the promise path counts the open promises of that hash under the address's lock.
alter table payments add column client_address_hash text;
create index payments_open_promise_address_idx on payments (client_address_hash)
  where method = 'mail' and status = 'pending' and client_address_hash is not null;
