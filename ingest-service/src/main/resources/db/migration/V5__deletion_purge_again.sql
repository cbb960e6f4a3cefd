-- A delivery of a deleted episode may still be under way when the deletion purges the store (its
-- outbox row was claimed under a lease). Until again_at, when that lease or backoff ends, such a
-- delivery can still land; the purge is then done once more, and the store is reported pending.
alter table deletion_purge add column again_at timestamptz;
