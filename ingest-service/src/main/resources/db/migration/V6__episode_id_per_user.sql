-- An episode id names one episode of a user, no longer of the whole project: two users whose agents
-- both number their messages 1, 2, 3 each keep their own. Every stored row satisfies the new key,
-- since ids were unique per project until now.
alter table episode drop constraint episode_project_episode_id_key;
alter table episode add constraint episode_user_episode_id_key unique (project, user_id, episode_id);
