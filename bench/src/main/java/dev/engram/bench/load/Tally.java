package dev.engram.bench.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a client's requests came to: per kind how many were sent, how many succeeded and how long those took;
 * the errors; and, per user, the episodes the gateway accepted (answered {@code created}), which the check
 * after the load expects to find stored. Each client keeps its own tally; they are merged at the end.
 */
public final class Tally {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Map<RequestKind, Counts> counts = new EnumMap<>(RequestKind.class);
    private final Map<RequestKind, LatencySamples> latency = new EnumMap<>(RequestKind.class);
    private final ErrorCounts errors = new ErrorCounts();
    private final Map<String, Long> acceptedByUser = new TreeMap<>();
    private long episodesSent;
    private long episodesNotCreated;

    /**
     * Records a request that got an answer after {@code nanos}; only successful ones count towards latency.
     *
     * @return whether it succeeded: a 2xx and, for an add, every episode {@code created}
     */
    public boolean answered(Operation operation, int status, String body, long nanos) {
        RequestKind kind = operation.kind();
        sent(operation);
        if (status < 200 || status > 299) {
            errors.add(kind, ErrorCounts.httpStatus(status));
            return false;
        }
        String problem = kind == RequestKind.ADD ? countCreated(operation, body) : null;
        if (problem != null) {
            errors.add(kind, problem);
            return false;
        }
        counts(kind).succeeded++;
        latency(kind).add(nanos);
        return true;
    }

    /** Records a request that got no answer: refused, reset or timed out. */
    public void unanswered(Operation operation, IOException failure) {
        sent(operation);
        errors.add(operation.kind(), ErrorCounts.noAnswer(failure));
    }

    private void sent(Operation operation) {
        counts(operation.kind()).sent++;
        episodesSent += operation.episodes();
    }

    /** Counts the episodes an add's answer reports created; names what is wrong with the answer, if anything. */
    private String countCreated(Operation operation, String body) {
        JsonNode outcomes;
        try {
            outcomes = JSON.readTree(body).path("episodes");
        } catch (IOException e) {
            return ErrorCounts.UNREADABLE;
        }
        long created = 0;
        for (JsonNode outcome : outcomes) {
            if ("created".equals(outcome.path("status").asText())) {
                created++;
            }
        }
        if (created > 0) {
            acceptedByUser.merge(operation.userId(), created, Long::sum);
        }
        if (outcomes.size() != operation.episodes()) {
            return ErrorCounts.UNREADABLE;
        }
        episodesNotCreated += operation.episodes() - created;
        return created == operation.episodes() ? null : ErrorCounts.DUPLICATE;
    }

    private Counts counts(RequestKind kind) {
        return counts.computeIfAbsent(kind, k -> new Counts());
    }

    public void addAll(Tally other) {
        other.counts.forEach((kind, theirs) -> {
            counts(kind).sent += theirs.sent;
            counts(kind).succeeded += theirs.succeeded;
        });
        other.latency.forEach((kind, samples) -> latency(kind).addAll(samples));
        errors.addAll(other.errors);
        other.acceptedByUser.forEach((user, count) -> acceptedByUser.merge(user, count, Long::sum));
        episodesSent += other.episodesSent;
        episodesNotCreated += other.episodesNotCreated;
    }

    public long requests(RequestKind kind) {
        return counts(kind).sent;
    }

    public long succeeded(RequestKind kind) {
        return counts(kind).succeeded;
    }

    /** The round trips of the successful requests of a kind. */
    public LatencySamples latency(RequestKind kind) {
        return latency.computeIfAbsent(kind, k -> new LatencySamples());
    }

    public ErrorCounts errors() {
        return errors;
    }

    /** Episodes answered {@code created}, per user. */
    public Map<String, Long> acceptedByUser() {
        return Collections.unmodifiableMap(acceptedByUser);
    }

    public long episodesAccepted() {
        return acceptedByUser.values().stream().mapToLong(Long::longValue).sum();
    }

    public long episodesSent() {
        return episodesSent;
    }

    /** Episodes of 2xx answers reported as anything but {@code created}. */
    public long episodesNotCreated() {
        return episodesNotCreated;
    }

    private static final class Counts {
        private long sent;
        private long succeeded;
    }
}
