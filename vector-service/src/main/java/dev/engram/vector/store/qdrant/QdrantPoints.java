package dev.engram.vector.store.qdrant;

import static io.qdrant.client.ValueFactory.list;
import static io.qdrant.client.ValueFactory.value;

import dev.engram.vector.model.EpisodeUnits;
import dev.engram.vector.model.IndexUnit;
import dev.engram.vector.model.SourceEpisode;
import dev.engram.vector.model.UnitHit;
import dev.engram.vector.model.UnitKind;
import io.qdrant.client.PointIdFactory;
import io.qdrant.client.VectorFactory;
import io.qdrant.client.VectorsFactory;
import io.qdrant.client.grpc.JsonWithInt.Value;
import io.qdrant.client.grpc.Points.PointStruct;
import io.qdrant.client.grpc.Points.Vector;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The point layout: one point per unit, its filterable attributes in the payload, a dense vector when the
 * unit is embedded and a sparse text vector when it is a turn.
 */
final class QdrantPoints {

    /** Changes whenever points are laid out differently; it is part of the collection name. */
    static final String LAYOUT_VERSION = "q2";

    static final String PROJECT = "project";
    static final String USER_ID = "user_id";
    static final String AGENT_ID = "agent_id";
    static final String SESSION_ID = "session_id";
    static final String EPISODE_ID = "episode_id";
    /** Project, user and episode id in one keyword, so that a batch of episodes of any users is one filter. */
    static final String EPISODE_KEY = "episode_key";

    static final String UNIT_ID = "unit_id";
    static final String PRODUCER = "producer";
    static final String KIND = "kind";
    /** Microseconds since the epoch: exact as a double range bound until the year 2255. */
    static final String TIMESTAMP_MICROS = "timestamp_micros";
    /** The exact instant (ISO-8601) that a hit reports; filters use {@link #TIMESTAMP_MICROS}. */
    static final String TIMESTAMP = "timestamp";
    /** Metadata entries as {@link #metadataEntry} keywords: keys may contain dots, which Qdrant reads as paths. */
    static final String METADATA = "metadata";

    static final String TEXT = "text";

    static final List<String> HIT_FIELDS = List.of(EPISODE_ID, SESSION_ID, UNIT_ID, TEXT, TIMESTAMP);

    private QdrantPoints() {}

    /**
     * An episode id names an episode within its user. Length-prefixed, so no (project, user, episode id) collides
     * with another whatever their characters.
     */
    static String episodeKey(String project, String userId, String episodeId) {
        return project.length() + ":" + project + userId.length() + ":" + userId + episodeId;
    }

    static String metadataEntry(String key, String value) {
        return key.length() + ":" + key + value;
    }

    /** Derived from the unit, so re-indexing an episode overwrites its points instead of adding copies. */
    static UUID pointId(String project, String userId, String episodeId, String unitId) {
        String episodeKey = episodeKey(project, userId, episodeId);
        String name = episodeKey.length() + ":" + episodeKey + unitId;
        return UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.UTF_8));
    }

    static long micros(Instant instant) {
        try {
            return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000L), instant.getNano() / 1000);
        } catch (ArithmeticException overflow) {
            return instant.getEpochSecond() < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
    }

    static List<PointStruct> toPoints(EpisodeUnits episodeUnits, SparseText sparseText) {
        SourceEpisode episode = episodeUnits.episode();
        Map<String, Value> shared = new HashMap<>();
        shared.put(PROJECT, value(episode.project()));
        shared.put(USER_ID, value(episode.userId()));
        shared.put(AGENT_ID, value(episode.agentId()));
        shared.put(SESSION_ID, value(episode.sessionId()));
        shared.put(EPISODE_ID, value(episode.episodeId()));
        shared.put(EPISODE_KEY, value(episodeKey(episode.project(), episode.userId(), episode.episodeId())));
        shared.put(PRODUCER, value(episode.producer()));
        if (episode.timestamp() != null) {
            shared.put(TIMESTAMP_MICROS, value(micros(episode.timestamp())));
            shared.put(TIMESTAMP, value(episode.timestamp().toString()));
        }
        List<Value> metadata = new ArrayList<>();
        episode.metadata().forEach((key, entry) -> metadata.add(value(metadataEntry(key, entry))));
        shared.put(METADATA, list(metadata));

        List<PointStruct> points = new ArrayList<>(episodeUnits.units().size());
        for (IndexUnit unit : episodeUnits.units()) {
            Map<String, Value> payload = new HashMap<>(shared);
            payload.put(UNIT_ID, value(unit.unitId()));
            payload.put(KIND, value(unit.kind().name()));
            payload.put(TEXT, value(unit.text()));
            Map<String, Vector> vectors = new HashMap<>();
            if (unit.vector() != null) {
                vectors.put(QdrantSchema.DENSE, VectorFactory.vector(unit.vector()));
            }
            if (unit.kind() == UnitKind.TURN) {
                sparseText.document(unit.text()).ifPresent(sparse -> vectors.put(QdrantSchema.SPARSE, sparse));
            }
            if (vectors.isEmpty()) {
                // Neither retriever could ever find it (a turn of stop words only, say).
                continue;
            }
            points.add(PointStruct.newBuilder()
                    .setId(PointIdFactory.id(
                            pointId(episode.project(), episode.userId(), episode.episodeId(), unit.unitId())))
                    .putAllPayload(payload)
                    .setVectors(VectorsFactory.namedVectors(vectors))
                    .build());
        }
        return points;
    }

    static String episodeId(Map<String, Value> payload) {
        String episodeId = string(payload, EPISODE_ID);
        if (episodeId.isEmpty()) {
            throw new IllegalStateException("a point without an episode id: " + payload.keySet());
        }
        return episodeId;
    }

    static UnitHit toHit(Map<String, Value> payload, double score) {
        String timestamp = string(payload, TIMESTAMP);
        return new UnitHit(
                string(payload, EPISODE_ID),
                string(payload, SESSION_ID),
                string(payload, UNIT_ID),
                string(payload, TEXT),
                timestamp.isEmpty() ? null : Instant.parse(timestamp),
                score);
    }

    private static String string(Map<String, Value> payload, String field) {
        Value value = payload.get(field);
        return value == null ? "" : value.getStringValue();
    }
}
