-- Tenants. Memory itself lives in the other services, keyed by the project id.
create table project (
    id         text        primary key,
    name       text        not null,
    created_at timestamptz not null default now()
);

-- What was stored while authentication was off belongs to `default`; it stays reachable once it is on.
insert into project (id, name) values ('default', 'default');

-- API keys: the public id finds the row, the secret is kept only as a salted hash.
create table api_key (
    id         text        primary key,
    project    text        not null references project (id),
    name       text        not null,
    scopes     text[]      not null,
    salt       bytea       not null,
    secret_hash bytea      not null,
    created_at timestamptz not null default now(),
    revoked_at timestamptz
);

create index api_key_project_idx on api_key (project, created_at);
