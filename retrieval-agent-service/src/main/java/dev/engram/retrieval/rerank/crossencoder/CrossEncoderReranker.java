package dev.engram.retrieval.rerank.crossencoder;

import dev.engram.proto.v1.Episode;
import dev.engram.retrieval.model.EpisodeCluster;
import dev.engram.retrieval.rerank.ClusterReranker;
import dev.engram.retrieval.rerank.RerankCandidate;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.output.Response;
import dev.langchain4j.model.scoring.ScoringModel;
import io.quarkus.logging.Log;
import io.quarkus.runtime.Startup;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;

/**
 * Scores each cluster by a cross-encoder reading the query and the cluster's text together — the
 * strongest relevance judgement the rerank stage has, and the most expensive. It exists in every
 * deployment but is {@link #available() available} only when a scoring model is configured
 * ({@link CrossEncoderConfig}).
 */
@Startup // a configured model is loaded, and a broken configuration fails, at boot rather than mid-search
@ApplicationScoped
public class CrossEncoderReranker implements ClusterReranker {

    public static final String NAME = "cross-encoder";

    private final Optional<ScoringModel> model;
    private final int maxTextChars;

    @Inject
    public CrossEncoderReranker(CrossEncoderConfig config) {
        this(CrossEncoderModels.fromConfig(config), config.maxTextChars());
        model.ifPresent(m -> Log.infof("Cross-encoder reranker uses %s", describe(m)));
    }

    public CrossEncoderReranker(Optional<ScoringModel> model, int maxTextChars) {
        this.model = model;
        this.maxTextChars = maxTextChars;
    }

    @Override
    public String name() {
        return NAME;
    }

    /** It runs a model in process or waits for a rerank server. */
    @Override
    public boolean blocking() {
        return true;
    }

    @Override
    public boolean available() {
        return model.isPresent();
    }

    @Override
    public double[] score(String query, List<RerankCandidate> candidates) {
        ScoringModel scoring = model.orElseThrow(() -> new IllegalStateException(
                "No cross-encoder is configured (" + CrossEncoderModels.PREFIX + "onnx-model or url)"));
        if (candidates.isEmpty()) {
            return new double[0];
        }
        List<TextSegment> passages =
                candidates.stream().map(c -> TextSegment.from(passage(c))).toList();
        Response<List<Double>> response;
        try {
            response = scoring.scoreAll(passages, query);
        } catch (CrossEncoderException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new CrossEncoderException("The cross-encoder failed: " + e.getMessage(), e);
        }
        List<Double> scores = response.content();
        if (scores == null || scores.size() != candidates.size()) {
            throw new CrossEncoderException("The cross-encoder scored " + (scores == null ? 0 : scores.size()) + " of "
                    + candidates.size() + " clusters");
        }
        return scores.stream().mapToDouble(Double::doubleValue).toArray();
    }

    @PreDestroy
    void close() throws Exception {
        if (model.isPresent() && model.get() instanceof AutoCloseable closeable) {
            closeable.close();
        }
    }

    /**
     * A cluster's text, or a window of it centred on the nucleus when it is too long: the nucleus is
     * the turn that matched, and its neighbours lend it context from both sides.
     */
    String passage(RerankCandidate candidate) {
        String text = candidate.text();
        if (text.length() <= maxTextChars) {
            return text;
        }
        int center = text.length() / 2;
        EpisodeCluster cluster = candidate.cluster();
        for (Episode episode : cluster.episodes()) {
            int at = episode.getId().equals(cluster.nucleusId()) ? text.indexOf(episode.getContent()) : -1;
            if (at >= 0) {
                center = at + episode.getContent().length() / 2;
            }
        }
        int from = Math.max(0, Math.min(center - maxTextChars / 2, text.length() - maxTextChars));
        return text.substring(from, from + maxTextChars);
    }

    private static String describe(ScoringModel model) {
        return model instanceof RemoteRerankScoringModel remote
                ? "the rerank server at " + remote.endpoint()
                : "the local ONNX model";
    }
}
