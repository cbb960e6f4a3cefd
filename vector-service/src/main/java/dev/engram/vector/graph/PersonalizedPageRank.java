package dev.engram.vector.graph;

import java.util.Map;

/**
 * A random walk with restart over a {@link FactGraph}: from each fact a step follows an entity, an event or a
 * temporal edge (in the proportions of {@link GraphSettings}, among the kinds the fact has), and with the
 * restart probability the walker jumps back to a seed. The stationary visiting probabilities rank facts by
 * how strongly they connect to the seeds. Power iteration over the graph's indexes costs the sum of keyword
 * postings per step, so a user of a few thousand facts is walked in about a millisecond.
 */
public final class PersonalizedPageRank {

    /** The visiting probability of each node, and how many nodes the walk reached. */
    public record Walk(double[] scores, int touched) {}

    private PersonalizedPageRank() {}

    /**
     * Walks from {@code seeds} (node to weight; weights need not sum to one).
     *
     * @throws IllegalArgumentException when no seed has a positive weight on a node of the graph
     */
    public static Walk walk(FactGraph graph, Map<Integer, Double> seeds, GraphSettings settings) {
        int n = graph.size();
        double[] restart = new double[n];
        double total = 0;
        for (Map.Entry<Integer, Double> seed : seeds.entrySet()) {
            if (seed.getKey() >= 0 && seed.getKey() < n && seed.getValue() > 0) {
                restart[seed.getKey()] += seed.getValue();
                total += seed.getValue();
            }
        }
        if (total <= 0) {
            throw new IllegalArgumentException("a walk needs at least one seed in the graph");
        }
        for (int i = 0; i < n; i++) {
            restart[i] /= total;
        }
        double[] scores = restart.clone();
        for (int step = 0; step < settings.iterations(); step++) {
            scores = step(graph, scores, restart, settings);
        }
        int touched = 0;
        for (double score : scores) {
            if (score > 0) {
                touched++;
            }
        }
        return new Walk(scores, touched);
    }

    private static double[] step(FactGraph graph, double[] scores, double[] restart, GraphSettings settings) {
        int n = graph.size();
        double[] next = new double[n];
        double[] keywordMass = new double[graph.keywordCount()];
        for (int i = 0; i < n; i++) {
            double mass = scores[i] * (1 - settings.restart());
            if (mass == 0) {
                continue;
            }
            double idfSum = 0;
            for (int k : graph.keywordsOf(i)) {
                idfSum += graph.idf(k);
            }
            int[] event = graph.event(i);
            int[] session = graph.session(i);
            double entity = idfSum > 0 ? settings.entityWeight() : 0;
            double sameEvent = event.length > 1 ? settings.eventWeight() : 0;
            double nearby = session.length > 1 && settings.temporalWindow() > 0 ? settings.temporalWeight() : 0;
            double kinds = entity + sameEvent + nearby;
            if (kinds == 0) {
                continue;
            }
            if (entity > 0) {
                double share = mass * entity / kinds;
                for (int k : graph.keywordsOf(i)) {
                    keywordMass[k] += share * graph.idf(k) / idfSum;
                }
            }
            if (sameEvent > 0) {
                double share = mass * sameEvent / kinds / (event.length - 1);
                for (int j : event) {
                    if (j != i) {
                        next[j] += share;
                    }
                }
            }
            if (nearby > 0) {
                spreadNearby(graph, i, session, mass * nearby / kinds, settings, next);
            }
        }
        for (int k = 0; k < keywordMass.length; k++) {
            if (keywordMass[k] > 0) {
                int[] posting = graph.posting(k);
                double share = keywordMass[k] / posting.length;
                for (int j : posting) {
                    next[j] += share;
                }
            }
        }
        // What did not move along an edge jumps back to the seeds: the restart share, and the mass of facts
        // with no edge of an enabled kind, as a walker at a dead end would.
        double jump = 1 - sumOf(next);
        for (int i = 0; i < n; i++) {
            next[i] += jump * restart[i];
        }
        return next;
    }

    /** Temporal edges: the statements within the window on both sides, each step away weighted down. */
    private static void spreadNearby(
            FactGraph graph, int node, int[] session, double mass, GraphSettings settings, double[] next) {
        int at = graph.position(node);
        double norm = 0;
        for (int d = 1; d <= settings.temporalWindow(); d++) {
            double weight = Math.pow(settings.temporalDecay(), d - 1);
            norm += (at - d >= 0 ? weight : 0) + (at + d < session.length ? weight : 0);
        }
        for (int d = 1; d <= settings.temporalWindow(); d++) {
            double share = mass * Math.pow(settings.temporalDecay(), d - 1) / norm;
            if (at - d >= 0) {
                next[session[at - d]] += share;
            }
            if (at + d < session.length) {
                next[session[at + d]] += share;
            }
        }
    }

    private static double sumOf(double[] values) {
        double sum = 0;
        for (double value : values) {
            sum += value;
        }
        return sum;
    }
}
