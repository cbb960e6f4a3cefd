-- A deletion: its episodes left this schema in the transaction that wrote the row; what is left
-- is purging the derived stores, one deletion_purge row per store.
create table deletion (
    id           uuid primary key,
    project      text        not null,
    user_id      text        not null,
    -- How the stores are purged: 'episodes' (those listed in deletion_episode), 'session' or
    -- 'user' (by scope).
    purge_by     text        not null,
    session_id   text,
    -- Episodes removed from this schema.
    episodes     bigint      not null,
    created_at   timestamptz not null default now(),
    -- Set once no purge is left.
    completed_at timestamptz
);

create index deletion_incomplete_idx on deletion (created_at) where completed_at is null;

-- The ids of the removed episodes (none for a whole user, who is purged by scope), kept only
-- until every store is purged.
create table deletion_episode (
    deletion_id uuid not null references deletion (id) on delete cascade,
    episode_id  text not null,
    primary key (deletion_id, episode_id)
);

-- A derived store still to be purged: claimed like an outbox row (a lease in next_attempt_at,
-- "for update skip locked"), retried with backoff, removed once done.
create table deletion_purge (
    deletion_id     uuid        not null references deletion (id) on delete cascade,
    store           text        not null,
    attempts        integer     not null default 0,
    next_attempt_at timestamptz not null default now(),
    last_error      text,
    primary key (deletion_id, store)
);

create index deletion_purge_due_idx on deletion_purge (next_attempt_at);
