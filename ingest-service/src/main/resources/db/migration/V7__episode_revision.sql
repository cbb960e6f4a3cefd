-- An episode can be corrected in place: the revision counts the corrections (derived stores compare it to
-- what they hold) and updated_at says when the last one was made. Every stored episode starts at 0.
alter table episode add column revision integer not null default 0;
alter table episode add column updated_at timestamptz;
