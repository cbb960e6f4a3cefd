package dev.engram.retrieval.rerank;

import dev.engram.proto.v1.Episode;
import dev.engram.ranking.ReciprocalRankFusion;
import dev.engram.ranking.ReciprocalRankFusion.Fused;
import dev.engram.ranking.ReciprocalRankFusion.Ranking;
import dev.engram.retrieval.config.RetrievalConfig;
import dev.engram.retrieval.model.EpisodeCluster;
import io.quarkus.logging.Log;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The rerank stage: scores candidate clusters with the chosen rerankers and, when there are several,
 * fuses their rankings by reciprocal rank, so no reranker's score scale has to be calibrated against
 * another's. Some rerankers are sharp only at the top of the list: they help choose the first few
 * clusters (the head), and below it the other chosen rerankers alone set the order. A reranker that
 * fails is left out of that search rather than failing it.
 */
@ApplicationScoped
public class ClusterReranking {

    /** The value of {@code head-only} that makes every reranker vote on the whole list. */
    static final String NONE = "none";

    private final Map<String, ClusterReranker> rerankers = new LinkedHashMap<>();
    private final List<String> defaults;
    private final int rrfK;
    private final Set<String> headOnly;
    private final int headSize;

    @Inject
    public ClusterReranking(Instance<ClusterReranker> available, RetrievalConfig config) {
        this(
                available,
                config.rerank().rerankers(),
                config.rerank().rrfK(),
                Set.copyOf(config.rerank().headOnly()),
                config.rerank().headSize());
    }

    ClusterReranking(Iterable<ClusterReranker> available, List<String> defaults, int rrfK) {
        this(available, defaults, rrfK, Set.of(), 1);
    }

    ClusterReranking(
            Iterable<ClusterReranker> available, List<String> defaults, int rrfK, Set<String> headOnly, int headSize) {
        this.rrfK = rrfK;
        this.headSize = headSize;
        Set<String> known = new HashSet<>();
        available.forEach(reranker -> {
            known.add(reranker.name());
            if (reranker.available()) {
                rerankers.put(reranker.name(), reranker);
            }
        });
        this.headOnly = headOnly.stream().filter(name -> !name.equals(NONE)).collect(Collectors.toSet());
        List<String> unknownHeadOnly =
                this.headOnly.stream().filter(name -> !known.contains(name)).toList();
        if (!unknownHeadOnly.isEmpty() || headSize < 1) {
            throw new IllegalStateException("engram.retrieval.rerank.head-only must name rerankers (or be "
                    + NONE + ") and head-size must be at least 1; unknown: " + unknownHeadOnly + ", head-size: "
                    + headSize + "; rerankers: " + known);
        }
        this.defaults = List.copyOf(defaults);
        List<String> missing =
                defaults.stream().filter(name -> !rerankers.containsKey(name)).toList();
        if (!missing.isEmpty()) {
            throw new IllegalStateException("engram.retrieval.rerank.rerankers names " + missing
                    + ", which are not available; available: " + rerankers.keySet());
        }
    }

    /** The rerankers that exist and are configured here, by name. */
    public List<String> availableNames() {
        return List.copyOf(rerankers.keySet());
    }

    /** The first requested name that is not available, if any. */
    public Optional<String> unknown(List<String> requested) {
        return requested.stream().filter(name -> !rerankers.containsKey(name)).findFirst();
    }

    /** Whether any of the rerankers a search would use must run off the event loop. */
    public boolean blocking(List<String> requested) {
        return chosen(requested).stream().anyMatch(ClusterReranker::blocking);
    }

    /** The candidates reordered best first against one query; see {@link #rerank(List, List, List, int)}. */
    public List<EpisodeCluster> rerank(
            String query, List<String> requested, List<EpisodeCluster> candidates, int topK) {
        return rerank(List.of(query), requested, candidates, topK);
    }

    /**
     * The candidates reordered best first, at most {@code topK}, each carrying its rerank score (higher
     * is better; comparable only within one search). Candidates must come in retrieval order. With
     * several queries (the question and its sub-queries or rewrites), each reranker first fuses its
     * rankings for every query it applies to, so a cluster that answers any part of the question
     * rises, and only then are the rerankers fused with each other, each counting once. Head-only
     * rerankers (when others are chosen too) vote only on which clusters fill the first head-size
     * places; the rest follow the fusion of the others. Every fusion here breaks ties by retrieval
     * order, except below the head, where ties keep the order all rerankers gave.
     */
    public List<EpisodeCluster> rerank(
            List<String> queries, List<String> requested, List<EpisodeCluster> candidates, int topK) {
        List<RerankCandidate> offered = IntStream.range(0, candidates.size())
                .mapToObj(i -> new RerankCandidate(candidates.get(i), text(candidates.get(i)), i))
                .toList();
        List<List<Integer>> everyRanking = new ArrayList<>();
        List<List<Integer>> belowHead = new ArrayList<>();
        for (ClusterReranker reranker : chosen(requested)) {
            try {
                rankingAcrossQueries(reranker, queries, offered).ifPresent(ranking -> {
                    everyRanking.add(ranking);
                    if (!headOnly.contains(reranker.name())) {
                        belowHead.add(ranking);
                    }
                });
            } catch (RuntimeException e) {
                Log.warnf(e, "Reranker %s failed; this search goes on without it", reranker.name());
            }
        }
        List<Fused<Integer>> fused = fuse(retrievalOrder(offered), everyRanking);
        // When only head-only rerankers had a say on this query, they order everything: nothing else would.
        if (!belowHead.isEmpty() && belowHead.size() < everyRanking.size() && headSize < fused.size()) {
            List<Fused<Integer>> headThenTail = new ArrayList<>(fused.subList(0, headSize));
            Set<Integer> head = Set.copyOf(items(headThenTail));
            // A tail score leaves out the head-only votes, so it never exceeds a head cluster's score.
            fuse(items(fused), belowHead).stream()
                    .filter(cluster -> !head.contains(cluster.item()))
                    .forEach(headThenTail::add);
            fused = headThenTail;
        }
        return fused.stream()
                .limit(topK)
                .map(cluster -> withScore(candidates.get(cluster.item()), cluster.score()))
                .toList();
    }

    /** One reranker's ranking of the candidates; with several queries, its per-query rankings fused into one. */
    private Optional<List<Integer>> rankingAcrossQueries(
            ClusterReranker reranker, List<String> queries, List<RerankCandidate> offered) {
        List<String> asked = reranker.readsQuery() ? queries : queries.subList(0, 1);
        List<List<Integer>> perQuery = new ArrayList<>();
        for (String query : asked) {
            if (reranker.appliesTo(query)) {
                perQuery.add(bestFirst(reranker.score(query, offered)));
            }
        }
        if (perQuery.size() < 2) {
            return perQuery.stream().findFirst();
        }
        return Optional.of(items(fuse(retrievalOrder(offered), perQuery)));
    }

    /** Candidate positions by descending score; the sort is stable, so equal scores keep retrieval order. */
    private static List<Integer> bestFirst(double[] scores) {
        return IntStream.range(0, scores.length)
                .boxed()
                .sorted(Comparator.comparingDouble(i -> -scores[i]))
                .toList();
    }

    private List<ClusterReranker> chosen(List<String> requested) {
        List<String> names = requested.isEmpty() ? defaults : requested;
        return names.stream().distinct().map(rerankers::get).toList();
    }

    /**
     * The rankings fused by reciprocal rank, ties kept in {@code tieOrder}: read first with weight 0, it
     * adds to no score. With no ranking at all it orders alone, with weight 1, so that scores mean the
     * same whatever was chosen.
     */
    private List<Fused<Integer>> fuse(List<Integer> tieOrder, List<List<Integer>> rankings) {
        List<Ranking<Integer>> weighted = new ArrayList<>(rankings.size() + 1);
        weighted.add(new Ranking<>(tieOrder, rankings.isEmpty() ? 1 : 0));
        rankings.forEach(ranking -> weighted.add(Ranking.of(ranking)));
        return ReciprocalRankFusion.fuse(rrfK, weighted);
    }

    private static List<Integer> retrievalOrder(List<RerankCandidate> offered) {
        return offered.stream().map(RerankCandidate::retrievalRank).toList();
    }

    private static List<Integer> items(List<Fused<Integer>> fused) {
        return fused.stream().map(Fused::item).toList();
    }

    private static EpisodeCluster withScore(EpisodeCluster cluster, double score) {
        return new EpisodeCluster(cluster.nucleusId(), (float) score, cluster.episodes());
    }

    /** A cluster as one passage: a line per episode, speaker first. */
    static String text(EpisodeCluster cluster) {
        return cluster.episodes().stream().map(ClusterReranking::line).collect(Collectors.joining("\n"));
    }

    private static String line(Episode episode) {
        return episode.getProducer().isBlank()
                ? episode.getContent()
                : episode.getProducer() + ": " + episode.getContent();
    }
}
