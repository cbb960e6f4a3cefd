-- A row vector-service keeps refusing on its own is parked: kept (the episode still counts as
-- pending and can be replayed by hand) but no longer claimed by the relay.
alter table outbox add column rejections integer not null default 0;
alter table outbox add column parked_at timestamptz;

-- Claims only ever look at rows that are not parked.
drop index outbox_due_idx;
create index outbox_due_idx on outbox (target, next_attempt_at, id) where parked_at is null;
