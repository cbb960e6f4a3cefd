package dev.engram.vector.store;

import dev.engram.vector.model.EpisodeUnits;
import dev.engram.vector.model.IndexUnit;
import dev.engram.vector.model.SourceEpisode;
import dev.engram.vector.model.UnitHit;
import dev.engram.vector.model.UnitKind;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field.Store;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.util.BytesRef;

/** The Lucene document layout of a unit: one document per unit, all units of an episode share a key. */
final class LuceneDocuments {

    /** Changes whenever documents are laid out differently; see {@link VectorStoreProducer}. */
    static final String LAYOUT_VERSION = "v2";

    static final String PROJECT = "project";
    static final String USER_ID = "user_id";
    static final String AGENT_ID = "agent_id";
    static final String SESSION_ID = "session_id";
    static final String EPISODE_ID = "episode_id";
    static final String UNIT_ID = "unit_id";
    static final String PRODUCER = "producer";
    static final String TIMESTAMP = "timestamp";
    static final String KIND = "kind";
    /** BM25 text, on turns only (Lucene wants one schema per field, so the stored copy is apart). */
    static final String TEXT = "text";
    /** What every unit says, as shown in a hit. */
    static final String UNIT_TEXT = "unit_text";

    static final String VECTOR = "vector";
    static final String METADATA_PREFIX = "meta.";

    private LuceneDocuments() {}

    static List<Document> toDocuments(EpisodeUnits episodeUnits) {
        SourceEpisode episode = episodeUnits.episode();
        List<Document> documents = new ArrayList<>(episodeUnits.units().size());
        for (IndexUnit unit : episodeUnits.units()) {
            Document doc = new Document();
            doc.add(new StringField(PROJECT, episode.project(), Store.YES));
            doc.add(new StringField(USER_ID, episode.userId(), Store.YES));
            doc.add(new StringField(AGENT_ID, episode.agentId(), Store.YES));
            doc.add(new StringField(SESSION_ID, episode.sessionId(), Store.YES));
            doc.add(new StringField(EPISODE_ID, episode.episodeId(), Store.YES));
            doc.add(new SortedDocValuesField(EPISODE_ID, new BytesRef(episode.episodeId())));
            doc.add(new StringField(UNIT_ID, unit.unitId(), Store.YES));
            doc.add(new StringField(PRODUCER, episode.producer(), Store.YES));
            if (episode.timestamp() != null) {
                long nanos = EpochNanos.of(episode.timestamp());
                doc.add(new LongPoint(TIMESTAMP, nanos));
                doc.add(new StoredField(TIMESTAMP, nanos));
            }
            for (Map.Entry<String, String> entry : episode.metadata().entrySet()) {
                doc.add(new StringField(METADATA_PREFIX + entry.getKey(), entry.getValue(), Store.NO));
            }
            doc.add(new StringField(KIND, unit.kind().name(), Store.NO));
            if (unit.kind() == UnitKind.TURN) {
                doc.add(new TextField(TEXT, unit.text(), Store.NO));
            }
            doc.add(new StoredField(UNIT_TEXT, unit.text()));
            if (unit.vector() != null) {
                doc.add(new KnnFloatVectorField(VECTOR, unit.vector(), VectorSimilarityFunction.COSINE));
            }
            documents.add(doc);
        }
        return documents;
    }

    static UnitHit toHit(Document doc, double score) {
        var timestamp = doc.getField(TIMESTAMP);
        Instant instant = timestamp == null
                ? null
                : EpochNanos.toInstant(timestamp.numericValue().longValue());
        return new UnitHit(
                doc.get(EPISODE_ID), doc.get(SESSION_ID), doc.get(UNIT_ID), doc.get(UNIT_TEXT), instant, score);
    }
}
