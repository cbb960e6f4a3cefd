-- Episodes delivered by ingest-service's outbox, waiting for (or done with) profile extraction. The
-- row of an extracted episode is kept without its content, so a re-delivery (the outbox delivers at
-- least once) is recognised and not extracted again. Workers claim a user's waiting rows under a
-- lease (claim_token, claimed_until) with "for update skip locked"; a worker that dies lets its
-- lease run out and the batch is claimed again.
create table profile.observed_episode (
    id            bigserial    primary key,
    project       varchar(128) not null,
    user_id       varchar(128) not null,
    episode_id    varchar(128) not null,
    session_id    text,
    producer      text,
    produced_for  text,
    content       text,
    ts            timestamptz  not null,
    received_at   timestamptz  not null default now(),
    claim_token   text,
    claimed_until timestamptz,
    attempts      integer      not null default 0,
    processed_at  timestamptz,
    constraint observed_episode_key unique (project, episode_id)
);

-- Finding the users with due work, and a user's waiting episodes in conversation order.
create index observed_episode_waiting_idx
    on profile.observed_episode (project, user_id, ts, id)
    where processed_at is null;
