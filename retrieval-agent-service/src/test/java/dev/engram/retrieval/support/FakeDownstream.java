package dev.engram.retrieval.support;

import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.EpisodeContext;
import dev.engram.proto.v1.GetContextRequest;
import dev.engram.proto.v1.GetContextResponse;
import dev.engram.proto.v1.GetShortTermRequest;
import dev.engram.proto.v1.GraphSearchRequest;
import dev.engram.proto.v1.GraphSearchResponse;
import dev.engram.proto.v1.IngestServiceGrpc;
import dev.engram.proto.v1.NavigateRequest;
import dev.engram.proto.v1.NavigateResponse;
import dev.engram.proto.v1.NavigationAction;
import dev.engram.proto.v1.NavigationResult;
import dev.engram.proto.v1.ReconstructSearchRequest;
import dev.engram.proto.v1.ReconstructSearchResponse;
import dev.engram.proto.v1.ReconstructStep;
import dev.engram.proto.v1.SegTreeSearchRequest;
import dev.engram.proto.v1.SegTreeSearchResponse;
import dev.engram.proto.v1.Segment;
import dev.engram.proto.v1.SegmentsRequest;
import dev.engram.proto.v1.SegmentsResponse;
import dev.engram.proto.v1.ShortTermMemory;
import dev.engram.proto.v1.SimilarityRequest;
import dev.engram.proto.v1.SimilarityResponse;
import dev.engram.proto.v1.VectorHit;
import dev.engram.proto.v1.VectorSearchRequest;
import dev.engram.proto.v1.VectorSearchResponse;
import dev.engram.proto.v1.VectorServiceGrpc;
import io.grpc.Context;
import io.grpc.Deadline;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Stand-ins for vector-service and ingest-service. The vector search answers with scripted hits;
 * GetContext reads a stored conversation the way ingest-service does, never crossing users or
 * sessions. Every request is recorded.
 */
public final class FakeDownstream {

    private final List<Episode> stored = Conversation.episodes();
    private final List<VectorSearchRequest> vectorRequests = new CopyOnWriteArrayList<>();
    private final List<GetContextRequest> contextRequests = new CopyOnWriteArrayList<>();
    private volatile List<VectorHit> hits = List.of();
    private final Map<String, List<VectorHit>> hitsByQuery = new ConcurrentHashMap<>();
    private volatile Status vectorFailure;
    private final AtomicInteger vectorFailuresLeft = new AtomicInteger();
    private final List<GetShortTermRequest> shortTermRequests = new CopyOnWriteArrayList<>();
    private volatile ShortTermMemory shortTerm = ShortTermMemory.getDefaultInstance();
    private volatile Map<String, Float> similarity = Map.of();
    private final List<String> similarityQueries = new CopyOnWriteArrayList<>();
    private volatile CountDownLatch together;
    private final AtomicBoolean arrivedTogether = new AtomicBoolean(true);
    private final List<String> deadlines = new CopyOnWriteArrayList<>();
    private volatile GraphSearchResponse graph = GraphSearchResponse.getDefaultInstance();
    private final List<GraphSearchRequest> graphRequests = new CopyOnWriteArrayList<>();
    private volatile SegTreeSearchResponse segtree = SegTreeSearchResponse.getDefaultInstance();
    private volatile Map<String, List<String>> segments = Map.of();
    private final List<SegTreeSearchRequest> segtreeRequests = new CopyOnWriteArrayList<>();
    private volatile ReconstructSearchResponse reconstruct = ReconstructSearchResponse.getDefaultInstance();
    private final List<ReconstructSearchRequest> reconstructRequests = new CopyOnWriteArrayList<>();
    private volatile int navigationFacts;
    private final Map<String, NavigationResult> navigation = new ConcurrentHashMap<>();
    private final List<NavigateRequest> navigateRequests = new CopyOnWriteArrayList<>();

    public void reset() {
        shortTerm = ShortTermMemory.getDefaultInstance();
        similarity = Map.of();
        similarityQueries.clear();
        shortTermRequests.clear();
        hits = List.of();
        hitsByQuery.clear();
        vectorFailure = null;
        vectorFailuresLeft.set(0);
        vectorRequests.clear();
        contextRequests.clear();
        together = null;
        arrivedTogether.set(true);
        deadlines.clear();
        graph = GraphSearchResponse.getDefaultInstance();
        graphRequests.clear();
        segtree = SegTreeSearchResponse.getDefaultInstance();
        segtreeRequests.clear();
        reconstruct = ReconstructSearchResponse.getDefaultInstance();
        reconstructRequests.clear();
        navigationFacts = 0;
        navigation.clear();
        navigateRequests.clear();
        segments = Map.of();
    }

    /**
     * What graph searches answer: the user holds {@code facts} facts, the question's facts hit the episodes of
     * {@code primary} and the walk ranked those of {@code walked} (pairs of episode id and score, best first).
     * Until this is called the user has no facts.
     */
    public void graph(int facts, List<Object> primary, List<Object> walked) {
        graph = GraphSearchResponse.newBuilder()
                .setFacts(facts)
                .addAllPrimary(scripted(primary.toArray()))
                .addAllWalked(scripted(walked.toArray()))
                .setSeeds(primary.size() / 2)
                .setEventFacts(1)
                .setTouched(walked.size() / 2)
                .putStageUs("walk", 250)
                .build();
    }

    /**
     * What segment-tree searches answer: the user's trees hold {@code episodes} episodes, and propagation ranked
     * those of {@code ranked} (pairs of episode id and score, best first). Until this is called the user has
     * no trees.
     */
    public void segtree(int episodes, List<Object> ranked) {
        segtree = SegTreeSearchResponse.newBuilder()
                .setEpisodes(episodes)
                .setTrees(2)
                .setNodes(episodes + 3)
                .setSteps(2)
                .addAllRanked(scripted(ranked.toArray()))
                .putStageUs("score", 120)
                .build();
    }

    /**
     * What reconstructions answer: the user's graph holds {@code facts} facts, and the navigator opened the
     * contents of {@code ranked} (pairs of episode id and score, best first) in two steps. Until this is called
     * the user has no facts.
     */
    public void reconstruct(int facts, List<Object> ranked) {
        reconstruct = ReconstructSearchResponse.newBuilder()
                .setFacts(facts)
                .setCues(facts * 3)
                .setTags(facts / 2)
                .addAllRanked(scripted(ranked.toArray()))
                .addSteps(ReconstructStep.newBuilder().setAction("start").addCues("caroline"))
                .addSteps(ReconstructStep.newBuilder()
                        .setAction("open")
                        .addCues("caroline")
                        .addTags("adopt")
                        .addOpened("s1-3#f1"))
                .setStopped("no_gain")
                .putStageUs("navigate", 80)
                .setNavigator("heuristic")
                .build();
    }

    /**
     * What Navigate answers: the user's graph holds {@code facts} facts, and each action carried out reaches what
     * {@code results} says for it (an action's op, cue, tag and fact id must match); an action not scripted reaches
     * nothing, a cue or fact it names being unknown. The opened facts rank their episodes (the fact id up to
     * {@code #f}), in the order given.
     */
    public void navigation(int facts, NavigationResult... results) {
        navigationFacts = facts;
        for (NavigationResult result : results) {
            navigation.put(key(result.getAction()), result);
        }
    }

    public List<NavigateRequest> navigateRequests() {
        return List.copyOf(navigateRequests);
    }

    private NavigateResponse navigated(NavigateRequest request) {
        NavigateResponse.Builder response = NavigateResponse.newBuilder().setFacts(navigationFacts);
        if (navigationFacts == 0) {
            return response.build();
        }
        for (NavigationAction action : request.getActionsList()) {
            NavigationResult scripted = navigation.get(key(action));
            response.addResults(
                    scripted != null
                            ? scripted
                            : NavigationResult.newBuilder()
                                    .setAction(action)
                                    .setError(action.getFactId().isEmpty() ? "unknown_cue" : "unknown_fact")
                                    .build());
        }
        List<Object> ranked = new ArrayList<>();
        for (String factId : request.getOpenedList()) {
            String episode = factId.substring(0, factId.indexOf("#f"));
            if (!ranked.contains(episode)) {
                ranked.add(episode);
                ranked.add(1.0 / (ranked.size() / 2 + 1));
            }
        }
        return response.addAllRanked(scripted(ranked.toArray())).build();
    }

    private static String key(NavigationAction action) {
        return String.join("|", action.getOp(), action.getCue(), action.getTag(), action.getFactId());
    }

    public List<ReconstructSearchRequest> reconstructRequests() {
        return List.copyOf(reconstructRequests);
    }

    /** What Segments answers: episode id -> the episodes of its segment; unknown episodes have none. */
    public void segments(Map<String, List<String>> segments) {
        this.segments = Map.copyOf(segments);
    }

    public List<SegTreeSearchRequest> segtreeRequests() {
        return List.copyOf(segtreeRequests);
    }

    public List<GraphSearchRequest> graphRequests() {
        return List.copyOf(graphRequests);
    }

    /**
     * For every call received since the last reset, its method and how many milliseconds its deadline had
     * left on arrival ({@code "Search 287"}); {@code "Search none"} for a call without a deadline.
     */
    public List<String> deadlines() {
        return List.copyOf(deadlines);
    }

    private void recordDeadline(String method) {
        Deadline deadline = Context.current().getDeadline();
        deadlines.add(method + " " + (deadline == null ? "none" : deadline.timeRemaining(TimeUnit.MILLISECONDS)));
    }

    /**
     * From now on each vector search waits, up to five seconds, until {@code searches} of them have
     * arrived: searches sent at once all pass, a search sent only after another's answer waits out.
     */
    public void holdSearchesTogether(int searches) {
        together = new CountDownLatch(searches);
    }

    /** Whether every held search saw the others arrive before its time ran out. */
    public boolean searchesArrivedTogether() {
        return arrivedTogether.get();
    }

    private void waitForTheOthers() {
        CountDownLatch latch = together;
        if (latch == null) {
            return;
        }
        latch.countDown();
        try {
            if (!latch.await(5, TimeUnit.SECONDS)) {
                arrivedTogether.set(false);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            arrivedTogether.set(false);
        }
    }

    /** The hits the next searches return, best first: pairs of episode id and score. */
    public void hits(Object... idsAndScores) {
        hits = scripted(idsAndScores);
    }

    /** The hits searches for exactly this query return, instead of the general ones. */
    public void hitsFor(String query, Object... idsAndScores) {
        hitsByQuery.put(query, scripted(idsAndScores));
    }

    /**
     * The hits for pairs of episode id and score; each hit's text is the stored episode's content,
     * speaker first, as vector-service returns the unit that matched. Like vector-service, it answers
     * one hit per episode.
     */
    private List<VectorHit> scripted(Object... idsAndScores) {
        List<VectorHit> scripted = new ArrayList<>();
        for (int i = 0; i < idsAndScores.length; i += 2) {
            String id = (String) idsAndScores[i];
            if (scripted.stream().anyMatch(hit -> hit.getEpisodeId().equals(id))) {
                throw new IllegalArgumentException("vector-service answers one hit per episode; " + id + " twice");
            }
            scripted.add(VectorHit.newBuilder()
                    .setEpisodeId(id)
                    .setUnitId(id + "#" + i)
                    .setScore(((Number) idsAndScores[i + 1]).floatValue())
                    .setText(textOf(id))
                    .build());
        }
        return scripted;
    }

    private String textOf(String id) {
        return stored.stream()
                .filter(episode -> episode.getId().equals(id))
                .findFirst()
                .map(episode -> episode.getProducer() + ": " + episode.getContent())
                .orElse("");
    }

    /** The next {@code times} vector searches fail with {@code status}. */
    public void failVectorSearch(Status status, int times) {
        vectorFailure = status;
        vectorFailuresLeft.set(times);
    }

    public List<VectorSearchRequest> vectorRequests() {
        return List.copyOf(vectorRequests);
    }

    public List<GetContextRequest> contextRequests() {
        return List.copyOf(contextRequests);
    }

    /** What Similarity answers from now on: episode id -> similarity. */
    public void similarity(Map<String, Float> scores) {
        similarity = Map.copyOf(scores);
    }

    /** The queries Similarity was asked about, in order. */
    public List<String> similarityQueries() {
        return List.copyOf(similarityQueries);
    }

    /** What GetShortTerm answers from now on. */
    public void shortTerm(ShortTermMemory memory) {
        shortTerm = memory;
    }

    public List<GetShortTermRequest> shortTermRequests() {
        return List.copyOf(shortTermRequests);
    }

    VectorServiceGrpc.VectorServiceImplBase vectorService() {
        return new VectorServiceGrpc.VectorServiceImplBase() {
            @Override
            public void search(VectorSearchRequest request, StreamObserver<VectorSearchResponse> response) {
                recordDeadline("Search");
                vectorRequests.add(request);
                waitForTheOthers();
                if (vectorFailuresLeft.getAndDecrement() > 0) {
                    response.onError(vectorFailure.asRuntimeException());
                    return;
                }
                List<VectorHit> answer = hitsByQuery.getOrDefault(request.getQuery(), hits).stream()
                        .limit(request.getLimit())
                        .toList();
                response.onNext(
                        VectorSearchResponse.newBuilder().addAllHits(answer).build());
                response.onCompleted();
            }

            @Override
            public void graphSearch(GraphSearchRequest request, StreamObserver<GraphSearchResponse> response) {
                recordDeadline("GraphSearch");
                graphRequests.add(request);
                response.onNext(graph);
                response.onCompleted();
            }

            @Override
            public void segTreeSearch(SegTreeSearchRequest request, StreamObserver<SegTreeSearchResponse> response) {
                recordDeadline("SegTreeSearch");
                segtreeRequests.add(request);
                response.onNext(segtree);
                response.onCompleted();
            }

            @Override
            public void reconstructSearch(
                    ReconstructSearchRequest request, StreamObserver<ReconstructSearchResponse> response) {
                recordDeadline("ReconstructSearch");
                reconstructRequests.add(request);
                response.onNext(reconstruct);
                response.onCompleted();
            }

            @Override
            public void navigate(NavigateRequest request, StreamObserver<NavigateResponse> response) {
                recordDeadline("Navigate");
                navigateRequests.add(request);
                response.onNext(navigated(request));
                response.onCompleted();
            }

            @Override
            public void segments(SegmentsRequest request, StreamObserver<SegmentsResponse> response) {
                recordDeadline("Segments");
                SegmentsResponse.Builder answer = SegmentsResponse.newBuilder();
                request.getEpisodeIdsList().stream()
                        .filter(segments::containsKey)
                        .forEach(id -> answer.putSegments(
                                id,
                                Segment.newBuilder()
                                        .addAllEpisodeIds(segments.get(id))
                                        .build()));
                response.onNext(answer.build());
                response.onCompleted();
            }

            @Override
            public void similarity(SimilarityRequest request, StreamObserver<SimilarityResponse> response) {
                recordDeadline("Similarity");
                similarityQueries.add(request.getQuery());
                SimilarityResponse.Builder answer = SimilarityResponse.newBuilder();
                request.getEpisodeIdsList().stream()
                        .filter(similarity::containsKey)
                        .forEach(id -> answer.putSimilarity(id, similarity.get(id)));
                response.onNext(answer.build());
                response.onCompleted();
            }
        };
    }

    IngestServiceGrpc.IngestServiceImplBase ingestService() {
        return new IngestServiceGrpc.IngestServiceImplBase() {
            @Override
            public void getContext(GetContextRequest request, StreamObserver<GetContextResponse> response) {
                recordDeadline("GetContext");
                contextRequests.add(request);
                GetContextResponse.Builder answer = GetContextResponse.newBuilder();
                for (String id : request.getEpisodeIdsList()) {
                    stored.stream()
                            .filter(e -> e.getId().equals(id))
                            .filter(e -> e.getScope()
                                    .getUserId()
                                    .equals(request.getScope().getUserId()))
                            .findFirst()
                            .ifPresent(nucleus -> answer.addContexts(around(nucleus, request)));
                }
                response.onNext(answer.build());
                response.onCompleted();
            }

            @Override
            public void getShortTerm(GetShortTermRequest request, StreamObserver<ShortTermMemory> response) {
                recordDeadline("GetShortTerm");
                shortTermRequests.add(request);
                response.onNext(shortTerm);
                response.onCompleted();
            }
        };
    }

    private EpisodeContext around(Episode nucleus, GetContextRequest request) {
        List<Episode> session = stored.stream()
                .filter(e ->
                        e.getScope().getSessionId().equals(nucleus.getScope().getSessionId()))
                .sorted(Comparator.comparingLong(Episode::getSequence))
                .toList();
        int at = session.indexOf(nucleus);
        int from = Math.max(0, at - request.getBefore());
        int to = Math.min(session.size(), at + request.getAfter() + 1);
        return EpisodeContext.newBuilder()
                .setEpisodeId(nucleus.getId())
                .addAllEpisodes(session.subList(from, to))
                .build();
    }
}
