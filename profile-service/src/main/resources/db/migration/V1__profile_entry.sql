-- Profile memory: what is known about a person in a user's memory, as category / tag / feature = value,
-- with the time it held (valid_from .. valid_to) and the episodes that show it. A changed value closes
-- the old row (valid_to) and opens a new one, so the history answers "what was true then?". A retracted
-- entry is kept with retired_at set, so a wrong extraction can be traced and undone.
create table profile.profile_entry (
    id           uuid         primary key,
    project      varchar(128) not null,
    user_id      varchar(128) not null,
    subject      text         not null,
    category     text         not null,
    tag          text         not null,
    feature      text         not null,
    value        text         not null,
    valid_from   timestamptz  not null,
    valid_to     timestamptz,
    evidence     text[]       not null default '{}',
    source       varchar(16)  not null,
    confidence   real         not null,
    recorded_at  timestamptz  not null default now(),
    retired_at   timestamptz,
    constraint profile_entry_source_known check (source in ('llm', 'rules', 'manual')),
    constraint profile_entry_confidence_range check (confidence >= 0 and confidence <= 1),
    constraint profile_entry_validity_ordered check (valid_to is null or valid_to >= valid_from)
);

-- The current profile of a user: the common read.
create index profile_entry_current_idx
    on profile.profile_entry (project, user_id, subject, category, tag, feature)
    where valid_to is null and retired_at is null;

-- The history of one feature, and "as of a time" reads.
create index profile_entry_history_idx
    on profile.profile_entry (project, user_id, subject, category, tag, feature, valid_from);

-- Deleting an episode must reach every entry that cites it.
create index profile_entry_evidence_idx
    on profile.profile_entry using gin (evidence);
