-- Episodes are the ground truth: stored verbatim, never rewritten by derived stores.
create table episode (
    pk           bigserial primary key,
    project      text        not null,
    episode_id   text        not null,
    user_id      text        not null,
    agent_id     text,
    session_id   text        not null,
    producer     text,
    produced_for text,
    role         text,
    content      text        not null,
    ts           timestamptz not null,
    -- JSON object of string values, written and read only by the service.
    metadata     text        not null default '{}',
    created_at   timestamptz not null default now(),
    indexed_at   timestamptz,
    constraint episode_project_episode_id_key unique (project, episode_id)
);

-- Session order (timestamp, then arrival) and neighbour look-ups walk this index.
create index episode_session_order_idx on episode (project, user_id, session_id, ts, pk);

-- Transactional outbox: written in the same transaction as the episode, drained by a relay.
create table outbox (
    id              bigserial primary key,
    episode_pk      bigint      not null references episode (pk) on delete cascade,
    target          text        not null,
    attempts        integer     not null default 0,
    next_attempt_at timestamptz not null default now(),
    last_error      text,
    created_at      timestamptz not null default now()
);

create index outbox_due_idx on outbox (target, next_attempt_at, id);

-- Deleting an episode cascades here; without this index every delete would scan the outbox.
create index outbox_episode_idx on outbox (episode_pk);
