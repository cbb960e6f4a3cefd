-- An episode id names one episode of a user, no longer of the whole project (as in ingest-service):
-- two users' episodes "1" are both extracted. Every stored row satisfies the new key.
alter table profile.observed_episode drop constraint observed_episode_key;
alter table profile.observed_episode
    add constraint observed_episode_key unique (project, user_id, episode_id);
