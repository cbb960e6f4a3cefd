package dev.engram.retrieval.mapping;

import dev.engram.proto.v1.Cluster;
import dev.engram.proto.v1.GraphTrace;
import dev.engram.proto.v1.ReconstructTrace;
import dev.engram.proto.v1.RetrievalResponse;
import dev.engram.proto.v1.SegTreeTrace;
import dev.engram.proto.v1.Trace;
import dev.engram.retrieval.model.EpisodeCluster;
import dev.engram.retrieval.model.GraphWalk;
import dev.engram.retrieval.model.Reconstruction;
import dev.engram.retrieval.model.SearchResult;
import dev.engram.retrieval.model.SearchTrace;
import dev.engram.retrieval.model.TreeRecall;

/** Writes a search result in its wire form. */
public final class SearchResponseMapper {

    private SearchResponseMapper() {}

    public static RetrievalResponse toResponse(SearchResult result) {
        RetrievalResponse.Builder response =
                RetrievalResponse.newBuilder().setContext(result.context()).setTrace(trace(result.trace()));
        result.clusters().forEach(cluster -> response.addClusters(cluster(cluster)));
        result.shortTerm().ifPresent(response::setShortTerm);
        return response.build();
    }

    private static Cluster cluster(EpisodeCluster cluster) {
        return Cluster.newBuilder()
                .setScore(cluster.score())
                .setNucleusId(cluster.nucleusId())
                .addAllEpisodes(cluster.episodes())
                .setRelevance(cluster.relevance().relevance())
                .setSimilarity(cluster.relevance().similarity())
                .build();
    }

    private static Trace trace(SearchTrace trace) {
        Trace.Builder wire = Trace.newBuilder();
        if (trace.graph() != null) {
            GraphWalk walk = trace.graph();
            wire.setGraph(GraphTrace.newBuilder()
                    .setFacts(walk.facts())
                    .setSeeds(walk.seeds())
                    .setEventFacts(walk.eventFacts())
                    .setTouched(walk.touched())
                    .putAllStageUs(walk.stageMicros()));
        }
        if (trace.segtree() != null) {
            TreeRecall recall = trace.segtree();
            wire.setSegtree(SegTreeTrace.newBuilder()
                    .setEpisodes(recall.episodes())
                    .setTrees(recall.trees())
                    .setNodes(recall.nodes())
                    .setSteps(recall.steps())
                    .setSummaries(recall.summaries())
                    .putAllStageUs(recall.stageMicros()));
        }
        if (trace.reconstruct() != null) {
            Reconstruction reconstruction = trace.reconstruct();
            wire.setReconstruct(ReconstructTrace.newBuilder()
                    .setFacts(reconstruction.facts())
                    .setCues(reconstruction.cues())
                    .setTags(reconstruction.tags())
                    .addAllSteps(reconstruction.steps())
                    .setIndexSearches(reconstruction.indexSearches())
                    .setStopped(reconstruction.stopped())
                    .putAllStageUs(reconstruction.stageMicros())
                    .setNavigator(reconstruction.navigator()));
        }
        return wire.setMode(trace.mode())
                .setReason(trace.reason())
                .addAllQueries(trace.queries())
                .setLlmCalls(trace.llmCalls())
                .setTokensIn(trace.tokensIn())
                .setTokensOut(trace.tokensOut())
                .setTookMs(trace.tookMs())
                .putAllStageMs(trace.stageMs())
                .setBestRelevance(trace.bestRelevance())
                .setBelowMinRelevance(trace.belowMinRelevance())
                .setMinRelevance(trace.minRelevance())
                .setLatestFirst(trace.latestFirst())
                .build();
    }
}
