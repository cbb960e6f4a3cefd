-- A claim reads the oldest waiting episodes first, whoever they belong to: in order of arrival, from an index
-- that holds only the waiting ones.
create index observed_episode_waiting_since_idx
    on profile.observed_episode (received_at)
    where processed_at is null;
