package dev.engram.vector.store.qdrant;

import static io.qdrant.client.ConditionFactory.hasVector;
import static io.qdrant.client.ConditionFactory.matchKeyword;
import static io.qdrant.client.ConditionFactory.matchKeywords;
import static io.qdrant.client.ConditionFactory.range;
import static io.qdrant.client.ValueFactory.list;
import static io.qdrant.client.ValueFactory.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.engram.grpc.call.Backoff;
import dev.engram.grpc.call.CallPolicy;
import dev.engram.vector.model.EpisodeUnits;
import dev.engram.vector.model.IndexUnit;
import dev.engram.vector.model.SourceEpisode;
import dev.engram.vector.model.UnitCounts;
import dev.engram.vector.model.UnitFilter;
import dev.engram.vector.model.UnitHit;
import dev.engram.vector.model.UnitKind;
import dev.engram.vector.model.UnitQuery;
import dev.engram.vector.model.UnitSelection;
import dev.engram.vector.store.HybridSettings;
import dev.engram.vector.store.VectorStoreUnavailableException;
import io.grpc.Status;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.qdrant.client.PointIdFactory;
import io.qdrant.client.grpc.Collections.CreateCollection;
import io.qdrant.client.grpc.Collections.Distance;
import io.qdrant.client.grpc.Collections.Modifier;
import io.qdrant.client.grpc.Common.Filter;
import io.qdrant.client.grpc.Common.Range;
import io.qdrant.client.grpc.JsonWithInt.Value;
import io.qdrant.client.grpc.Points.BatchResult;
import io.qdrant.client.grpc.Points.CountPoints;
import io.qdrant.client.grpc.Points.CreateFieldIndexCollection;
import io.qdrant.client.grpc.Points.DeletePoints;
import io.qdrant.client.grpc.Points.DenseVector;
import io.qdrant.client.grpc.Points.FacetCounts;
import io.qdrant.client.grpc.Points.FacetHit;
import io.qdrant.client.grpc.Points.FacetResponse;
import io.qdrant.client.grpc.Points.FacetValue;
import io.qdrant.client.grpc.Points.FieldType;
import io.qdrant.client.grpc.Points.NamedVectorsOutput;
import io.qdrant.client.grpc.Points.PointStruct;
import io.qdrant.client.grpc.Points.PointsUpdateOperation;
import io.qdrant.client.grpc.Points.QueryBatchPoints;
import io.qdrant.client.grpc.Points.QueryBatchResponse;
import io.qdrant.client.grpc.Points.QueryPoints;
import io.qdrant.client.grpc.Points.RetrievedPoint;
import io.qdrant.client.grpc.Points.ScoredPoint;
import io.qdrant.client.grpc.Points.ScrollPoints;
import io.qdrant.client.grpc.Points.ScrollResponse;
import io.qdrant.client.grpc.Points.UpdateBatchPoints;
import io.qdrant.client.grpc.Points.VectorOutput;
import io.qdrant.client.grpc.Points.VectorsOutput;
import io.qdrant.client.grpc.Points.WriteOrderingType;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * How the Qdrant store maps its work onto Qdrant's gRPC API, checked against {@link QdrantTestDouble}.
 * This is NOT a test against a real Qdrant: the double records requests and answers with what each test
 * scripts, so these tests check request mapping, batching, deadlines and the reading of answers, never
 * what a real server would find or how it ranks. {@code QdrantVectorStoreConformanceTest} does that when
 * a real server is available.
 */
class QdrantRequestMappingTest {

    private static final String COLLECTION = "engram-units-test-q2";
    private static final Duration TIMEOUT = Duration.ofSeconds(3);

    private final SimpleMeterRegistry metrics = new SimpleMeterRegistry();
    private static final Instant T0 = Instant.parse("2023-05-08T13:00:00Z");
    private static final float[] NORTH = {1, 0, 0, 0};
    private static final float[] EAST = {0, 1, 0, 0};

    private QdrantTestDouble qdrant;
    private QdrantVectorStore store;

    @BeforeEach
    void start() {
        qdrant = new QdrantTestDouble();
        store = open(5);
    }

    @AfterEach
    void stop() throws InterruptedException {
        store.close();
        qdrant.close();
    }

    private QdrantVectorStore open(int upsertBatchSize) {
        QdrantSettings settings =
                new QdrantSettings(COLLECTION, 4, TIMEOUT, upsertBatchSize, new HybridSettings(10, 60, 3));
        return new QdrantVectorStore(
                QdrantConnections.client(qdrant.channel(), "test-key"),
                settings,
                CallPolicy.of(
                        "qdrant", TIMEOUT, 1, new Backoff(Duration.ofMillis(10), Duration.ofMillis(50)), metrics));
    }

    @Test
    void the_collection_has_a_cosine_dense_vector_of_the_model_dimension_and_an_idf_sparse_vector() {
        CreateCollection create = single(qdrant.requests("Create", CreateCollection.class));

        assertThat(create.getCollectionName()).isEqualTo(COLLECTION);
        var dense = create.getVectorsConfig().getParamsMap().getMapMap().get(QdrantSchema.DENSE);
        assertThat(dense.getSize()).isEqualTo(4);
        assertThat(dense.getDistance()).isEqualTo(Distance.Cosine);
        assertThat(create.getSparseVectorsConfig()
                        .getMapMap()
                        .get(QdrantSchema.SPARSE)
                        .getModifier())
                .isEqualTo(Modifier.Idf);
    }

    @Test
    void project_and_user_are_tenant_keyword_indexes_and_the_timestamp_an_integer_range_index() {
        Map<String, CreateFieldIndexCollection> indexes = new LinkedHashMap<>();
        qdrant.requests("CreateFieldIndex", CreateFieldIndexCollection.class)
                .forEach(index -> indexes.put(index.getFieldName(), index));

        assertThat(indexes)
                .containsOnlyKeys(
                        "project",
                        "user_id",
                        "agent_id",
                        "session_id",
                        "episode_id",
                        "episode_key",
                        "producer",
                        "kind",
                        "metadata",
                        "timestamp_micros");
        for (String tenant : List.of("project", "user_id")) {
            assertThat(indexes.get(tenant).getFieldType()).isEqualTo(FieldType.FieldTypeKeyword);
            assertThat(indexes.get(tenant)
                            .getFieldIndexParams()
                            .getKeywordIndexParams()
                            .getIsTenant())
                    .as(tenant)
                    .isTrue();
        }
        assertThat(indexes.get("session_id").getFieldType()).isEqualTo(FieldType.FieldTypeKeyword);
        assertThat(indexes.get("session_id")
                        .getFieldIndexParams()
                        .getKeywordIndexParams()
                        .getIsTenant())
                .isFalse();
        CreateFieldIndexCollection time = indexes.get("timestamp_micros");
        assertThat(time.getFieldType()).isEqualTo(FieldType.FieldTypeInteger);
        assertThat(time.getFieldIndexParams().getIntegerIndexParams().getRange())
                .isTrue();
        assertThat(indexes.values())
                .allSatisfy(index -> assertThat(index.getCollectionName()).isEqualTo(COLLECTION));
    }

    @Test
    void an_existing_collection_is_kept_and_only_its_indexes_are_requested_again() {
        store.close();
        int before = qdrant.requests("CreateFieldIndex", CreateFieldIndexCollection.class)
                .size();

        store = open(5);

        assertThat(qdrant.requests("Create", CreateCollection.class)).hasSize(1);
        assertThat(qdrant.requests("CreateFieldIndex", CreateFieldIndexCollection.class))
                .hasSize(2 * before);
    }

    @Test
    void search_asks_both_retrievers_under_one_filter_of_must_conditions() {
        UnitFilter filter = new UnitFilter(
                "p",
                "alice",
                "agent-1",
                "s1",
                Set.of("s2", "s1"),
                T0,
                T0.plusSeconds(60),
                Set.of("Caroline"),
                Map.of("dia.x", "3"));

        store.search(new UnitQuery("Orchids in the greenhouse", NORTH, filter, 5));

        QueryBatchPoints batch = single(qdrant.requests("QueryBatch", QueryBatchPoints.class));
        assertThat(batch.getCollectionName()).isEqualTo(COLLECTION);
        assertThat(batch.getQueryPointsList()).hasSize(2);
        QueryPoints dense = batch.getQueryPoints(0);
        QueryPoints sparse = batch.getQueryPoints(1);
        Filter expected = Filter.newBuilder()
                .addMust(matchKeyword("project", "p"))
                .addMust(matchKeyword("user_id", "alice"))
                .addMust(matchKeyword("agent_id", "agent-1"))
                .addMust(matchKeyword("session_id", "s1"))
                .addMust(matchKeywords("session_id", List.of("s1", "s2")))
                .addMust(range(
                        "timestamp_micros",
                        Range.newBuilder()
                                .setGte(1_683_550_800_000_000d)
                                .setLte(1_683_550_860_000_000d)
                                .build()))
                .addMust(matchKeywords("producer", List.of("Caroline")))
                .addMust(matchKeyword("metadata", "5:dia.x3"))
                .build();
        assertThat(dense.getFilter()).isEqualTo(expected);
        assertThat(sparse.getFilter()).isEqualTo(expected);
        assertThat(dense.getUsing()).isEqualTo(QdrantSchema.DENSE);
        assertThat(dense.getQuery().getNearest().getDense().getDataList()).containsExactly(1f, 0f, 0f, 0f);
        // Candidates (10) times units per episode (3): several sentences of one episode often match together.
        assertThat(dense.getLimit()).isEqualTo(30);
        assertThat(sparse.getUsing()).isEqualTo(QdrantSchema.SPARSE);
        assertThat(sparse.getLimit()).isEqualTo(10);
        // "in" and "the" are stop words; "orchids" is stemmed as at indexing time.
        assertThat(sparse.getQuery().getNearest().getSparse().getIndicesList())
                .containsExactlyInAnyOrder(SparseText.termId("orchid"), SparseText.termId("greenhous"));
        assertThat(List.of(dense, sparse))
                .allSatisfy(
                        query -> assertThat(query.getWithPayload().getInclude().getFieldsList())
                                .containsExactlyInAnyOrderElementsOf(QdrantPoints.HIT_FIELDS));
    }

    @Test
    void a_query_without_indexable_words_asks_only_the_dense_retriever() {
        store.search(new UnitQuery("the of ???", NORTH, UnitFilter.forUser("p", "alice"), 5));

        QueryBatchPoints batch = single(qdrant.requests("QueryBatch", QueryBatchPoints.class));
        assertThat(batch.getQueryPointsList())
                .singleElement()
                .satisfies(query -> assertThat(query.getUsing()).isEqualTo(QdrantSchema.DENSE));
    }

    @Test
    void answered_rankings_become_episode_hits_fused_by_reciprocal_rank() {
        // Scripted, not ranked by the double: dense says e1 (two units), e2; sparse says e2, e3.
        qdrant.answerQuery(QueryBatchResponse.newBuilder()
                .addResult(ranking(
                        hit("e1", "e1#2", "Lisbon was sunny."),
                        hit("e1", "e1#1", "We flew."),
                        hit("e2", "e2#1", "Rain.")))
                .addResult(ranking(hit("e2", "e2#0", "Rain in Porto."), hit("e3", "e3#0", "Porto again.")))
                .build());

        List<UnitHit> hits = store.search(new UnitQuery("porto", NORTH, UnitFilter.forUser("p", "alice"), 10));

        assertThat(hits).extracting(UnitHit::episodeId).containsExactly("e2", "e1", "e3");
        assertThat(hits).extracting(UnitHit::score).containsExactly(1.0 / 62 + 1.0 / 61, 1.0 / 61, 1.0 / 62);
        // An episode is shown by its best dense unit, else its best sparse one.
        assertThat(hits).extracting(UnitHit::unitId).containsExactly("e2#1", "e1#2", "e3#0");
        assertThat(hits.get(1).text()).isEqualTo("Lisbon was sunny.");
        assertThat(hits.get(1).sessionId()).isEqualTo("s1");
        assertThat(hits.get(1).timestamp()).isEqualTo(T0.plusNanos(5));
    }

    @Test
    void index_sends_whole_episodes_in_batches_that_first_delete_their_old_units() {
        // Two units per episode and at most five points per request: two episodes fit, the third starts a batch.
        store.index(List.of(twoUnits("e1"), twoUnits("e2"), twoUnits("e3")));

        List<UpdateBatchPoints> batches = qdrant.requests("UpdateBatch", UpdateBatchPoints.class);
        assertThat(batches).hasSize(2);
        assertThat(episodeKeysDeleted(batches.get(0))).containsExactly("1:p5:alicee1", "1:p5:alicee2");
        assertThat(episodeKeysDeleted(batches.get(1))).containsExactly("1:p5:alicee3");
        assertThat(upserted(batches.get(0))).hasSize(4);
        assertThat(upserted(batches.get(1))).hasSize(2);
        assertThat(batches).allSatisfy(batch -> {
            assertThat(batch.getCollectionName()).isEqualTo(COLLECTION);
            assertThat(batch.getWait()).isTrue();
            assertThat(batch.getOrdering().getType()).isEqualTo(WriteOrderingType.Medium);
            assertThat(batch.getOperations(0).hasDeletePoints()).isTrue();
            assertThat(batch.getOperations(1).hasUpsert()).isTrue();
        });
    }

    @Test
    void a_unit_becomes_a_point_with_its_scope_in_the_payload_and_the_vectors_its_kind_calls_for() {
        SourceEpisode episode = new SourceEpisode(
                "p", "alice", "agent-1", "s1", "e1", "Caroline", "Red kayaks. Red!", T0, Map.of("dia", "7"));
        store.index(List.of(new EpisodeUnits(
                episode,
                List.of(
                        new IndexUnit("e1#0", UnitKind.TURN, "Red kayaks. Red!", null),
                        new IndexUnit("e1#1", UnitKind.SENTENCE, "Red kayaks.", EAST)))));

        List<PointStruct> points = upserted(single(qdrant.requests("UpdateBatch", UpdateBatchPoints.class)));

        assertThat(points).hasSize(2);
        PointStruct turn = points.get(0);
        PointStruct sentence = points.get(1);
        assertThat(turn.getPayloadMap())
                .containsEntry("project", value("p"))
                .containsEntry("user_id", value("alice"))
                .containsEntry("agent_id", value("agent-1"))
                .containsEntry("session_id", value("s1"))
                .containsEntry("episode_id", value("e1"))
                .containsEntry("unit_id", value("e1#0"))
                .containsEntry("kind", value("TURN"))
                .containsEntry("producer", value("Caroline"))
                .containsEntry("timestamp_micros", value(1_683_550_800_000_000L))
                .containsEntry("timestamp", value("2023-05-08T13:00:00Z"))
                .containsEntry("metadata", list(List.of(value("3:dia7"))));
        var turnVectors = turn.getVectors().getVectors().getVectorsMap();
        assertThat(turnVectors).containsOnlyKeys(QdrantSchema.SPARSE);
        var sparse = turnVectors.get(QdrantSchema.SPARSE).getSparse();
        int red = sparse.getIndicesList().indexOf(SparseText.termId("red"));
        int kayak = sparse.getIndicesList().indexOf(SparseText.termId("kayak"));
        // "red" twice and "kayak" once among three terms: the repeated term weighs more, both below 1.
        assertThat(sparse.getValues(red)).isGreaterThan(sparse.getValues(kayak)).isLessThan(1f);
        var sentenceVectors = sentence.getVectors().getVectors().getVectorsMap();
        assertThat(sentenceVectors).containsOnlyKeys(QdrantSchema.DENSE);
        assertThat(sentenceVectors.get(QdrantSchema.DENSE).getDense().getDataList())
                .containsExactly(0f, 1f, 0f, 0f);
        assertThat(turn.getId()).isNotEqualTo(sentence.getId());
    }

    @Test
    void re_indexing_an_episode_writes_the_same_point_ids() {
        store.index(List.of(twoUnits("e1")));
        store.index(List.of(twoUnits("e1")));

        List<UpdateBatchPoints> batches = qdrant.requests("UpdateBatch", UpdateBatchPoints.class);
        assertThat(upserted(batches.get(1)).stream().map(PointStruct::getId))
                .containsExactlyElementsOf(upserted(batches.get(0)).stream()
                        .map(PointStruct::getId)
                        .toList());
        assertThat(upserted(batches.get(0)).get(0).getId())
                .isEqualTo(PointIdFactory.id(QdrantPoints.pointId("p", "alice", "e1", "e1#0")));
    }

    @Test
    void deleting_episodes_deletes_by_a_filter_on_the_users_tenant_and_the_episode_ids() {
        store.delete(UnitSelection.episodes("p", "alice", List.of("e2", "e1")));

        DeletePoints delete = single(qdrant.requests("Delete", DeletePoints.class));
        assertThat(delete.getCollectionName()).isEqualTo(COLLECTION);
        assertThat(delete.getWait()).isTrue();
        assertThat(delete.getOrdering().getType()).isEqualTo(WriteOrderingType.Medium);
        assertThat(delete.getPoints().getFilter())
                .isEqualTo(Filter.newBuilder()
                        .addMust(matchKeyword("project", "p"))
                        .addMust(matchKeyword("user_id", "alice"))
                        .addMust(matchKeywords("episode_id", List.of("e1", "e2")))
                        .build());
    }

    @Test
    void deleting_a_session_narrows_the_users_tenant_to_it_and_deleting_a_user_does_not() {
        store.delete(UnitSelection.session("p", "alice", "s1"));
        store.delete(UnitSelection.user("p", "alice"));

        List<DeletePoints> deletes = qdrant.requests("Delete", DeletePoints.class);
        assertThat(deletes).hasSize(2);
        assertThat(deletes.get(0).getPoints().getFilter())
                .isEqualTo(Filter.newBuilder()
                        .addMust(matchKeyword("project", "p"))
                        .addMust(matchKeyword("user_id", "alice"))
                        .addMust(matchKeyword("session_id", "s1"))
                        .build());
        assertThat(deletes.get(1).getPoints().getFilter())
                .isEqualTo(Filter.newBuilder()
                        .addMust(matchKeyword("project", "p"))
                        .addMust(matchKeyword("user_id", "alice"))
                        .build());
    }

    @Test
    void a_delete_that_runs_out_of_its_deadline_is_reported_unavailable_and_not_tried_again() {
        qdrant.failNext(Status.DEADLINE_EXCEEDED, 2);

        assertThatThrownBy(() -> store.delete(UnitSelection.user("p", "alice")))
                .isInstanceOf(VectorStoreUnavailableException.class);
        assertThat(qdrant.requests("Delete", DeletePoints.class)).hasSize(1);
    }

    @Test
    void every_call_is_timed_by_peer_method_and_outcome() {
        qdrant.failNext(Status.UNAVAILABLE, 2);
        assertThatThrownBy(() -> store.search(new UnitQuery("orchid", NORTH, UnitFilter.forUser("p", "alice"), 5)))
                .isInstanceOf(VectorStoreUnavailableException.class);

        assertThat(metrics.find("engram.client.calls")
                        .tags("peer", "qdrant", "method", "search", "outcome", "UNAVAILABLE")
                        .timer())
                .isNotNull()
                .satisfies(timer -> assertThat(timer.count()).isEqualTo(1));
    }

    @Test
    void counts_are_exact_counts_of_the_users_units_and_turns_and_a_facet_of_their_episode_ids() {
        qdrant.answerCount(5);
        qdrant.answerCount(2);
        qdrant.answerFacet(FacetResponse.newBuilder()
                .addHits(facetHit("e1", 3))
                .addHits(facetHit("e2", 2))
                .build());

        UnitCounts counts = store.count("p", "alice");

        assertThat(counts).isEqualTo(new UnitCounts(2, 2, 5));
        Filter user = Filter.newBuilder()
                .addMust(matchKeyword("project", "p"))
                .addMust(matchKeyword("user_id", "alice"))
                .build();
        List<CountPoints> counted = qdrant.requests("Count", CountPoints.class);
        assertThat(counted).hasSize(2);
        assertThat(counted.get(0).getFilter()).isEqualTo(user);
        assertThat(counted.get(1).getFilter())
                .isEqualTo(
                        user.toBuilder().addMust(matchKeyword("kind", "TURN")).build());
        assertThat(counted).allSatisfy(count -> {
            assertThat(count.getCollectionName()).isEqualTo(COLLECTION);
            assertThat(count.getExact()).isTrue();
        });
        FacetCounts facet = single(qdrant.requests("Facet", FacetCounts.class));
        assertThat(facet.getCollectionName()).isEqualTo(COLLECTION);
        assertThat(facet.getKey()).isEqualTo("episode_id");
        assertThat(facet.getFilter()).isEqualTo(user);
        assertThat(facet.getExact()).isTrue();
        // No user has more episodes than units: a facet limited to the unit count leaves none out.
        assertThat(facet.getLimit()).isEqualTo(5);
    }

    @Test
    void a_user_without_units_is_counted_with_one_request() {
        assertThat(store.count("p", "nobody")).isEqualTo(UnitCounts.NONE);

        assertThat(qdrant.requests("Count", CountPoints.class)).hasSize(1);
        assertThat(qdrant.requests("Facet", FacetCounts.class)).isEmpty();
    }

    @Test
    void similarity_reads_every_page_of_the_users_embedded_units_and_compares_exactly() {
        qdrant.answerScroll(ScrollResponse.newBuilder()
                .addResult(stored("e1", NORTH))
                .addResult(stored("e1", EAST))
                .setNextPageOffset(PointIdFactory.id(42))
                .build());
        qdrant.answerScroll(
                ScrollResponse.newBuilder().addResult(stored("e2", EAST)).build());

        Map<String, Float> similarity = store.similarity("p", "alice", List.of("e1", "e2"), NORTH);

        assertThat(similarity).containsOnly(Map.entry("e1", 1f), Map.entry("e2", 0.5f));
        List<ScrollPoints> pages = qdrant.requests("Scroll", ScrollPoints.class);
        assertThat(pages).hasSize(2);
        assertThat(pages.get(0).hasOffset()).isFalse();
        assertThat(pages.get(1).getOffset()).isEqualTo(PointIdFactory.id(42));
        assertThat(pages.get(0).getFilter())
                .isEqualTo(Filter.newBuilder()
                        .addMust(matchKeyword("project", "p"))
                        .addMust(matchKeyword("user_id", "alice"))
                        .addMust(matchKeywords("episode_id", List.of("e1", "e2")))
                        .addMust(hasVector(QdrantSchema.DENSE))
                        .build());
        assertThat(pages.get(0).getWithVectors().getInclude().getNamesList()).containsExactly(QdrantSchema.DENSE);
    }

    @Test
    void every_call_carries_the_configured_deadline_and_the_api_key() {
        store.index(List.of(twoUnits("e1")));
        store.search(new UnitQuery("orchid", NORTH, UnitFilter.forUser("p", "alice"), 5));
        store.similarity("p", "alice", List.of("e1"), NORTH);
        store.delete(UnitSelection.episodes("p", "alice", List.of("e1")));
        qdrant.answerCount(1);
        store.count("p", "alice");
        store.isHealthy();

        assertThat(qdrant.calls())
                .extracting(QdrantTestDouble.Call::method)
                .contains(
                        "CollectionExists",
                        "Create",
                        "CreateFieldIndex",
                        "UpdateBatch",
                        "QueryBatch",
                        "Scroll",
                        "Delete",
                        "Count",
                        "Facet",
                        "HealthCheck");
        assertThat(qdrant.calls()).allSatisfy(call -> {
            assertThat(call.deadlineMillis())
                    .as(call.method())
                    .isNotNull()
                    .isPositive()
                    .isLessThanOrEqualTo(3000);
            assertThat(call.apiKey()).as(call.method()).isEqualTo("test-key");
        });
        // Qdrant's own server-side timeout is set too, so it stops working on an abandoned call.
        assertThat(qdrant.requests("UpdateBatch", UpdateBatchPoints.class)
                        .get(0)
                        .getTimeout())
                .isEqualTo(3);
        assertThat(qdrant.requests("QueryBatch", QueryBatchPoints.class)
                        .get(0)
                        .getQueryPoints(0)
                        .getTimeout())
                .isEqualTo(3);
        assertThat(qdrant.requests("Scroll", ScrollPoints.class).get(0).getTimeout())
                .isEqualTo(3);
        assertThat(qdrant.requests("Delete", DeletePoints.class).get(0).getTimeout())
                .isEqualTo(3);
        assertThat(qdrant.requests("Count", CountPoints.class))
                .allSatisfy(count -> assertThat(count.getTimeout()).isEqualTo(3));
        assertThat(qdrant.requests("Facet", FacetCounts.class).get(0).getTimeout())
                .isEqualTo(3);
    }

    @Test
    void an_unavailable_qdrant_is_tried_again_and_then_reported_unavailable() {
        UnitQuery query = new UnitQuery("orchid", NORTH, UnitFilter.forUser("p", "alice"), 5);
        qdrant.failNext(Status.UNAVAILABLE, 1);

        assertThat(store.search(query)).isEmpty();
        assertThat(qdrant.requests("QueryBatch", QueryBatchPoints.class)).hasSize(2);

        qdrant.failNext(Status.UNAVAILABLE, 2);
        assertThatThrownBy(() -> store.search(query)).isInstanceOf(VectorStoreUnavailableException.class);
        assertThat(qdrant.requests("QueryBatch", QueryBatchPoints.class)).hasSize(4);
    }

    @Test
    void a_request_qdrant_rejects_is_not_repeated() {
        qdrant.failNext(Status.INVALID_ARGUMENT.withDescription("wrong vector size"), 1);

        assertThatThrownBy(() -> store.search(new UnitQuery("orchid", NORTH, UnitFilter.forUser("p", "alice"), 5)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("wrong vector size");
        assertThat(qdrant.requests("QueryBatch", QueryBatchPoints.class)).hasSize(1);
    }

    @Test
    void the_store_is_unhealthy_while_qdrant_does_not_answer() {
        qdrant.failNext(Status.UNAVAILABLE, 1);
        assertThat(store.isHealthy()).isFalse();
        assertThat(store.isHealthy()).isTrue();
    }

    @Test
    void a_store_opened_while_qdrant_is_down_creates_the_collection_on_its_first_call() throws Exception {
        store.close();
        qdrant.close();
        qdrant = new QdrantTestDouble();
        qdrant.failNext(Status.UNAVAILABLE, 2);

        store = open(5);
        assertThat(qdrant.requests("Create", CreateCollection.class)).isEmpty();

        store.index(List.of(twoUnits("e1")));
        assertThat(qdrant.requests("Create", CreateCollection.class)).hasSize(1);
        assertThat(qdrant.requests("UpdateBatch", UpdateBatchPoints.class)).hasSize(1);
    }

    @Test
    void collection_names_hold_the_model_and_layout_and_only_characters_qdrant_accepts() {
        assertThat(QdrantVectorStore.collectionName("engram-units", "bge-small-en-v1.5"))
                .isEqualTo("engram-units-bge-small-en-v1_5-q2");
    }

    private static EpisodeUnits twoUnits(String episodeId) {
        SourceEpisode episode =
                new SourceEpisode("p", "alice", "agent-1", "s1", episodeId, "Caroline", "Orchids.", T0, Map.of());
        return new EpisodeUnits(
                episode,
                List.of(
                        new IndexUnit(episodeId + "#0", UnitKind.TURN, "Orchids.", null),
                        new IndexUnit(episodeId + "#1", UnitKind.SENTENCE, "Orchids.", NORTH)));
    }

    private static List<String> episodeKeysDeleted(UpdateBatchPoints batch) {
        PointsUpdateOperation.DeletePoints delete = batch.getOperations(0).getDeletePoints();
        return delete.getPoints()
                .getFilter()
                .getMust(0)
                .getField()
                .getMatch()
                .getKeywords()
                .getStringsList();
    }

    private static List<PointStruct> upserted(UpdateBatchPoints batch) {
        return batch.getOperations(1).getUpsert().getPointsList();
    }

    private static BatchResult ranking(ScoredPoint... points) {
        return BatchResult.newBuilder().addAllResult(List.of(points)).build();
    }

    private static ScoredPoint hit(String episodeId, String unitId, String text) {
        Map<String, Value> payload = Map.of(
                "episode_id", value(episodeId),
                "session_id", value("s1"),
                "unit_id", value(unitId),
                "text", value(text),
                "timestamp", value(T0.plusNanos(5).toString()));
        return ScoredPoint.newBuilder()
                .setId(PointIdFactory.id(QdrantPoints.pointId("p", "alice", episodeId, unitId)))
                .putAllPayload(payload)
                .build();
    }

    private static FacetHit facetHit(String episodeId, long units) {
        return FacetHit.newBuilder()
                .setValue(FacetValue.newBuilder().setStringValue(episodeId))
                .setCount(units)
                .build();
    }

    private static RetrievedPoint stored(String episodeId, float[] vector) {
        DenseVector.Builder dense = DenseVector.newBuilder();
        for (float component : vector) {
            dense.addData(component);
        }
        return RetrievedPoint.newBuilder()
                .putPayload("episode_id", value(episodeId))
                .setVectors(VectorsOutput.newBuilder()
                        .setVectors(NamedVectorsOutput.newBuilder()
                                .putVectors(
                                        QdrantSchema.DENSE,
                                        VectorOutput.newBuilder()
                                                .setDense(dense)
                                                .build())))
                .build();
    }

    private static <T> T single(List<T> items) {
        assertThat(items).hasSize(1);
        return items.get(0);
    }
}
