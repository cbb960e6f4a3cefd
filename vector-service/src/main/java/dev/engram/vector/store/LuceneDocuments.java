package dev.engram.vector.store;

import dev.engram.vector.facts.Fact;
import dev.engram.vector.model.EpisodeUnits;
import dev.engram.vector.model.IndexUnit;
import dev.engram.vector.model.SourceEpisode;
import dev.engram.vector.model.UnitHit;
import dev.engram.vector.model.UnitKind;
import java.io.IOException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field.Store;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.VectorUtil;

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

    /** BM25 text of a fact, apart from the turns' so that a search of turns never meets a fact. */
    static final String FACT_TEXT = "fact_text";

    static final String FACT_KEYWORD = "fact_keyword";
    static final String FACT_PARTICIPANT = "fact_participant";
    /** The days a fact is about, as epoch days. */
    static final String FACT_FROM = "fact_from";

    static final String FACT_TO = "fact_to";
    static final String FACT_ORDINAL = "fact_ordinal";
    /** The episodes and sessions a fact rests on; a deletion of any of them takes the fact along. */
    static final String FACT_EVIDENCE = "fact_evidence";

    static final String FACT_EVIDENCE_SESSION = "fact_evidence_session";
    static final String FACT_EVENT = "fact_event";
    /**
     * The embedding of a fact the LLM wrote, which says more than any one unit. Apart from the units' field so
     * that a search of units never meets a fact.
     */
    static final String FACT_VECTOR = "fact_vector";

    /** A segment summary's kind: not a unit of an episode, so it has no {@link UnitKind}. */
    static final String SUMMARY_KIND = "SUMMARY";
    /** The episodes a segment summary covers; a deletion of any of them takes the summary along. */
    static final String SUMMARY_EPISODE = "summary_episode";
    /** BM25 text and embedding of a segment summary, apart from the units' so that no unit search meets one. */
    static final String SUMMARY_TEXT = "summary_text";

    static final String SUMMARY_VECTOR = "summary_vector";
    /** The summary's embedding again, stored, so that a BM25 hit is scored by meaning as well. */
    static final String SUMMARY_VECTOR_STORED = "summary_vector_stored";

    static final String VECTOR = "vector";
    static final String METADATA_PREFIX = "meta.";

    private LuceneDocuments() {}

    static List<Document> toDocuments(EpisodeUnits episodeUnits) {
        SourceEpisode episode = episodeUnits.episode();
        List<Document> documents = new ArrayList<>(
                episodeUnits.units().size() + episodeUnits.facts().size());
        for (IndexUnit unit : episodeUnits.units()) {
            Document doc = episodeFields(episode, unit.unitId(), unit.kind());
            if (unit.kind() == UnitKind.TURN) {
                doc.add(new TextField(TEXT, unit.text(), Store.NO));
            }
            doc.add(new StoredField(UNIT_TEXT, unit.text()));
            if (unit.vector() != null) {
                // The encoder's vectors are of unit length already; stored so, a dot product is their cosine.
                float[] unitLength = VectorUtil.l2normalize(unit.vector().clone(), false);
                doc.add(new KnnFloatVectorField(VECTOR, unitLength, VectorSimilarityFunction.COSINE));
            }
            documents.add(doc);
        }
        for (Fact fact : episodeUnits.facts()) {
            documents.add(toDocument(episode, fact, null));
        }
        return documents;
    }

    /**
     * A fact the rules derived has no vector of its own: it states what its unit says, so the dense retriever
     * finds it through the unit's vector, and the index holds each embedding once. A fact the LLM wrote comes
     * with its own.
     */
    static Document toDocument(SourceEpisode episode, Fact fact, float[] vector) {
        Document doc = episodeFields(episode, fact.factId(), UnitKind.FACT);
        fact.evidence().forEach(id -> doc.add(new StringField(FACT_EVIDENCE, id, Store.YES)));
        fact.evidenceSessions().forEach(id -> doc.add(new StringField(FACT_EVIDENCE_SESSION, id, Store.YES)));
        if (!fact.event().isEmpty()) {
            doc.add(new StoredField(FACT_EVENT, fact.event()));
        }
        if (vector != null) {
            doc.add(new KnnFloatVectorField(FACT_VECTOR, vector, VectorSimilarityFunction.COSINE));
        }
        doc.add(new TextField(FACT_TEXT, fact.text(), Store.NO));
        doc.add(new StoredField(UNIT_TEXT, fact.text()));
        doc.add(new StoredField(FACT_ORDINAL, fact.ordinal()));
        fact.keywords().forEach(keyword -> doc.add(new StoredField(FACT_KEYWORD, keyword)));
        fact.participants().forEach(person -> doc.add(new StoredField(FACT_PARTICIPANT, person)));
        if (fact.from() != null) {
            doc.add(new StoredField(FACT_FROM, fact.from().toEpochDay()));
            doc.add(new StoredField(FACT_TO, fact.to().toEpochDay()));
        }
        return doc;
    }

    private static Document episodeFields(SourceEpisode episode, String unitId, UnitKind kind) {
        Document doc = new Document();
        doc.add(new StringField(PROJECT, episode.project(), Store.YES));
        doc.add(new StringField(USER_ID, episode.userId(), Store.YES));
        doc.add(new StringField(AGENT_ID, episode.agentId(), Store.YES));
        doc.add(new StringField(SESSION_ID, episode.sessionId(), Store.YES));
        doc.add(new StringField(EPISODE_ID, episode.episodeId(), Store.YES));
        doc.add(new SortedDocValuesField(EPISODE_ID, new BytesRef(episode.episodeId())));
        doc.add(new StringField(UNIT_ID, unitId, Store.YES));
        doc.add(new StringField(PRODUCER, episode.producer(), Store.YES));
        if (episode.timestamp() != null) {
            long nanos = EpochNanos.of(episode.timestamp());
            doc.add(new LongPoint(TIMESTAMP, nanos));
            doc.add(new StoredField(TIMESTAMP, nanos));
        }
        for (Map.Entry<String, String> entry : episode.metadata().entrySet()) {
            doc.add(new StringField(METADATA_PREFIX + entry.getKey(), entry.getValue(), Store.NO));
        }
        doc.add(new StringField(KIND, kind.name(), Store.NO));
        return doc;
    }

    /** Facts indexed before evidence was recorded rest on their own episode. */
    private static List<String> orElse(String[] values, String own) {
        return values.length == 0 ? List.of(own) : List.of(values);
    }

    static Fact toFact(Document doc) {
        var from = doc.getField(FACT_FROM);
        var to = doc.getField(FACT_TO);
        return new Fact(
                doc.get(UNIT_ID),
                doc.get(EPISODE_ID),
                doc.get(SESSION_ID),
                doc.getField(FACT_ORDINAL).numericValue().intValue(),
                timestamp(doc),
                doc.get(UNIT_TEXT),
                List.of(doc.getValues(FACT_PARTICIPANT)),
                List.of(doc.getValues(FACT_KEYWORD)),
                from == null ? null : LocalDate.ofEpochDay(from.numericValue().longValue()),
                to == null ? null : LocalDate.ofEpochDay(to.numericValue().longValue()),
                orElse(doc.getValues(FACT_EVIDENCE), doc.get(EPISODE_ID)),
                orElse(doc.getValues(FACT_EVIDENCE_SESSION), doc.get(SESSION_ID)),
                Objects.requireNonNullElse(doc.get(FACT_EVENT), ""));
    }

    static Instant timestamp(Document doc) {
        var timestamp = doc.getField(TIMESTAMP);
        return timestamp == null
                ? null
                : EpochNanos.toInstant(timestamp.numericValue().longValue());
    }

    /** Every document {@code query} matches, each read with {@code read}, in index order. */
    static <T> List<T> readAll(IndexSearcher searcher, Query query, Function<Document, T> read) throws IOException {
        int count = searcher.count(query);
        if (count == 0) {
            return List.of();
        }
        StoredFields stored = searcher.storedFields();
        List<T> all = new ArrayList<>(count);
        for (ScoreDoc doc : searcher.search(query, count).scoreDocs) {
            all.add(read.apply(stored.document(doc.doc)));
        }
        return all;
    }

    /**
     * The stored documents of {@code docs}, in the order given. They are read in index order: stored fields are
     * compressed in blocks of several documents, and a reader decompresses a block once for documents read one
     * after another, but again for every document read out of order.
     */
    static List<Document> documents(StoredFields stored, List<Integer> docs) throws IOException {
        Integer[] order = new Integer[docs.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingInt(docs::get));
        Document[] read = new Document[docs.size()];
        for (int i : order) {
            read[i] = stored.document(docs.get(i));
        }
        return Arrays.asList(read);
    }

    static UnitHit toHit(Document doc, double score) {
        return new UnitHit(
                doc.get(EPISODE_ID), doc.get(SESSION_ID), doc.get(UNIT_ID), doc.get(UNIT_TEXT), timestamp(doc), score);
    }
}
