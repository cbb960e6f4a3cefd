-- Short-term memory: one row per session ('' agent_key: all of it) and per agent that wrote to it
-- (agent_key = that agent: its episodes alone). The recent window is derived from the episodes at
-- read time; the row keeps the rolling summary of what fell out of it and what that summary covers.
create table short_term (
    id                  bigserial primary key,
    project             text        not null,
    user_id             text        not null,
    session_id          text        not null,
    agent_key           text        not null default '',
    summary             text        not null default '',
    summarized_episodes bigint      not null default 0,
    -- The summary covers exactly the episodes at or before (through_ts, through_pk) in session
    -- order whose pk is at most covered_max_pk; covered_max_pk = 0 means it covers nothing. The pk
    -- bound keeps an episode that arrives late with an old timestamp uncovered, hence visible.
    through_ts          timestamptz not null default '1970-01-01T00:00:00Z',
    through_pk          bigint      not null default 0,
    covered_max_pk      bigint      not null default 0,
    -- Every add to the session bumps changes (in the adding transaction, before its inserts, so the
    -- row lock also orders episode keys); a summarizer pass that saw everything up to a count
    -- records it in handled_changes. The row is due while they differ.
    changes             bigint      not null default 1,
    handled_changes     bigint      not null default 0,
    -- At most one summarizer works on a row: it holds the lease until leased_until.
    lease_token         text,
    leased_until        timestamptz,
    summarized_at       timestamptz,
    summary_writer      text,
    constraint short_term_key unique (project, user_id, session_id, agent_key)
);

create index short_term_due_idx on short_term (id) where changes > handled_changes;

-- Sessions stored before short-term memory existed get their rows, due, so the sweep catches up.
insert into short_term (project, user_id, session_id, agent_key)
select distinct project, user_id, session_id, '' from episode;

insert into short_term (project, user_id, session_id, agent_key)
select distinct project, user_id, session_id, agent_id from episode where agent_id is not null;
