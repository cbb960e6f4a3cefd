-- The version that closed a row by replacing its value: a manual edit of it, or an extracted update
-- of its feature (and, for a value learned late, the newer row that already held). When that replacing
-- version is deleted (its evidence deleted, or by hand), the rows it replaced take back its span, so a
-- feature does not lose its current value with it. A row closed without a successor (an extracted
-- delete) has none. Deferred: a batch may insert a row that a later row of the same batch replaces.
-- Re-runnable (if not exists, unlinked rows only), so that the backfill below can be tested over rows
-- written without links.
alter table profile.profile_entry
    add column if not exists replaced_by uuid
        references profile.profile_entry (id) on delete set null deferrable initially deferred;

create index if not exists profile_entry_replaced_by_idx
    on profile.profile_entry (replaced_by)
    where replaced_by is not null;

-- Rows closed before this column existed: linked to the one version of the same feature that began
-- exactly when they ended, which is how both a manual edit and an extracted update close a row. A row
-- with no such version, or with several, stays unlinked rather than guess.
update profile.profile_entry closed
set replaced_by = successor.id
from (
    select c.id as closed_id, (array_agg(n.id))[1] as id
    from profile.profile_entry c
    join profile.profile_entry n
        on n.project = c.project
        and n.user_id = c.user_id
        and lower(n.subject) = lower(c.subject)
        and n.tag = c.tag
        and lower(n.feature) = lower(c.feature)
        and n.valid_from = c.valid_to
        and n.id <> c.id
    where c.valid_to is not null and c.replaced_by is null
    group by c.id
    having count(*) = 1
) successor
where closed.id = successor.closed_id;
