-- The revision of the episode as it was observed: a corrected episode arrives with a higher one, and is then
-- extracted again in place of what its earlier text gave.
alter table profile.observed_episode add column revision integer not null default 0;
