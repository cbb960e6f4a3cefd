package dev.engram.retrieval.rerank;

import dev.engram.proto.v1.Episode;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;

/**
 * Prefers clusters said within the period a question names ("in July 2023", "on 13 October, 2023").
 * People talk about an event for a while after it, so a cluster counts when it was said within the
 * period or in the weeks after it. A question that names no date leaves this reranker out.
 */
@ApplicationScoped
public class TimeReranker implements ClusterReranker {

    public static final String NAME = "time";

    /** How long after a named period a conversation still counts as being about it. */
    static final long AFTERMATH_DAYS = 30;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean appliesTo(String query) {
        return !TimeExpressions.in(query).isEmpty();
    }

    @Override
    public double[] score(String query, List<RerankCandidate> candidates) {
        List<TimeExpressions.Period> periods = TimeExpressions.in(query);
        double[] scores = new double[candidates.size()];
        for (int i = 0; i < scores.length; i++) {
            scores[i] = candidates.get(i).cluster().episodes().stream().anyMatch(e -> within(e, periods)) ? 1 : 0;
        }
        return scores;
    }

    private static boolean within(Episode episode, List<TimeExpressions.Period> periods) {
        if (!episode.hasTimestamp()) {
            return false;
        }
        Instant said = Instant.ofEpochSecond(
                episode.getTimestamp().getSeconds(), episode.getTimestamp().getNanos());
        return periods.stream().anyMatch(period -> period.covers(said, AFTERMATH_DAYS));
    }
}
