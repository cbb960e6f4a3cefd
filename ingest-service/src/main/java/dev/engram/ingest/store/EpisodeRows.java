package dev.engram.ingest.store;

import dev.engram.ingest.model.MetadataConverter;
import dev.engram.ingest.model.StoredEpisode;
import io.vertx.mutiny.sqlclient.Row;
import java.time.OffsetDateTime;

/**
 * Episodes read by native queries as plain values (nothing read this way is ever modified). A query
 * selects {@link #COLUMNS} of an episode aliased {@code e}, starting at some column of its row.
 */
final class EpisodeRows {

    static final String COLUMNS =
            "e.pk, e.episode_id, e.agent_id, e.session_id, e.producer, e.produced_for, e.role, e.content, e.ts,"
                    + " e.metadata, e.revision, e.updated_at";

    private static final MetadataConverter METADATA = new MetadataConverter();

    private EpisodeRows() {}

    /** The episode whose {@link #COLUMNS} start at {@code first}; project and user are the query's. */
    static StoredEpisode read(String project, String userId, Object[] row, int first) {
        StoredEpisode episode = new StoredEpisode();
        episode.project = project;
        episode.userId = userId;
        episode.pk = ((Number) row[first]).longValue();
        episode.episodeId = (String) row[first + 1];
        episode.agentId = (String) row[first + 2];
        episode.sessionId = (String) row[first + 3];
        episode.producer = (String) row[first + 4];
        episode.producedFor = (String) row[first + 5];
        episode.role = (String) row[first + 6];
        episode.content = (String) row[first + 7];
        episode.ts = ((OffsetDateTime) row[first + 8]).toInstant();
        episode.metadata = METADATA.convertToEntityAttribute((String) row[first + 9]);
        episode.revision = ((Number) row[first + 10]).intValue();
        episode.updatedAt = row[first + 11] == null ? null : ((OffsetDateTime) row[first + 11]).toInstant();
        return episode;
    }

    /** The same, from a row of the reactive SQL client. */
    static StoredEpisode read(String project, String userId, Row row, int first) {
        StoredEpisode episode = new StoredEpisode();
        episode.project = project;
        episode.userId = userId;
        episode.pk = row.getLong(first);
        episode.episodeId = row.getString(first + 1);
        episode.agentId = row.getString(first + 2);
        episode.sessionId = row.getString(first + 3);
        episode.producer = row.getString(first + 4);
        episode.producedFor = row.getString(first + 5);
        episode.role = row.getString(first + 6);
        episode.content = row.getString(first + 7);
        episode.ts = row.getOffsetDateTime(first + 8).toInstant();
        episode.metadata = METADATA.convertToEntityAttribute(row.getString(first + 9));
        episode.revision = row.getInteger(first + 10);
        OffsetDateTime updated = row.getOffsetDateTime(first + 11);
        episode.updatedAt = updated == null ? null : updated.toInstant();
        return episode;
    }
}
