package dev.engram.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.bench.importing.ChatRequests;
import dev.engram.bench.importing.SessionMessages;
import dev.engram.sdk.Engram;
import dev.engram.sdk.Model.MemoryStatus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the dataset into Engram as the protocol prescribes (one user per conversation, one session per
 * LoCoMo session, one episode per turn) and measures how long until all of it is searchable.
 */
public final class EngramIngest {

    private static final Duration REPORT_INTERVAL = Duration.ofSeconds(10);
    private static final Duration SEARCHABLE_TIMEOUT = Duration.ofMinutes(60);

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Engram gateway;
    private final RunIds ids;

    public EngramIngest(Engram gateway, RunIds ids) {
        this.gateway = gateway;
        this.ids = ids;
    }

    /** The {@code POST /v1/memories} bodies of one session, at most 1000 episodes each. */
    public List<ObjectNode> requests(Session session) {
        String sampleId = session.sampleId();
        return ChatRequests.of(
                SessionMessages.of(session, ids.userId(sampleId), diaId -> ids.episodeId(sampleId, diaId)), JSON);
    }

    /** Sends every session in conversation order, then waits until every user has nothing pending. */
    public IngestResult run(List<Conversation> conversations) {
        return run(conversations, false);
    }

    /**
     * As {@link #run(List)}; with {@code reuse}, a conversation whose memory user already holds all its episodes
     * indexed, from an earlier run under the same run id, is not sent again.
     */
    public IngestResult run(List<Conversation> conversations, boolean reuse) {
        return timed(conversations, reuse).result();
    }

    /** One ingest and what its timeline recorded. */
    public record Timed(IngestResult result, List<IngestTimeline.Point> timeline) {}

    /** As {@link #run(List, boolean)}, recording the episodes accepted and indexed over time. */
    public Timed timed(List<Conversation> conversations, boolean reuse) {
        Map<String, List<ObjectNode>> bodiesByUser = new LinkedHashMap<>();
        Map<String, Integer> toSend = new LinkedHashMap<>();
        int reused = 0;
        for (Conversation conversation : conversations) {
            List<ObjectNode> bodies = conversation.sessions().stream()
                    .flatMap(session -> requests(session).stream())
                    .toList();
            int count = bodies.stream()
                    .mapToInt(body -> body.get("episodes").size())
                    .sum();
            String userId = ids.userId(conversation.sampleId());
            if (reuse && isComplete(userId, count)) {
                reused += count;
                continue;
            }
            bodiesByUser.computeIfAbsent(userId, user -> new ArrayList<>()).addAll(bodies);
            toSend.merge(userId, count, Integer::sum);
        }
        int episodes = 0;
        int requests = 0;
        long started = System.nanoTime();
        try (IngestTimeline timeline = IngestTimeline.start(gateway, toSend, started)) {
            for (List<ObjectNode> bodies : bodiesByUser.values()) {
                for (ObjectNode body : bodies) {
                    JsonNode answer = gateway.request("POST", "v1/memories", Map.of(), body);
                    checkCreated(answer, reuse);
                    int sent = body.get("episodes").size();
                    timeline.accepted(sent);
                    episodes += sent;
                    requests++;
                }
            }
            double accepted = seconds(started);
            awaitSearchable(toSend, started);
            IngestResult result = new IngestResult(episodes, requests, accepted, seconds(started), reused);
            timeline.close();
            return new Timed(result, timeline.points());
        }
    }

    private boolean isComplete(String userId, int episodes) {
        MemoryStatus status = gateway.status(userId);
        return status.pending() == 0 && status.indexed() >= episodes;
    }

    /** Every episode is new, except that a reused run may resend the part of a user an interrupted run stored. */
    private static void checkCreated(JsonNode answer, boolean reuse) {
        for (JsonNode outcome : answer.path("episodes")) {
            String status = outcome.path("status").asText();
            if (!"created".equals(status) && !(reuse && "duplicate".equals(status))) {
                throw new IllegalStateException("episode " + outcome.path("id").asText() + " was " + status
                        + ", not created: the run ids collide with an earlier run");
            }
        }
    }

    /**
     * Waits until each user has nothing pending and at least the given number of episodes indexed.
     *
     * @param started when the work began, for the progress lines
     */
    public void awaitSearchable(Map<String, Integer> expected, long started) {
        long deadline = System.nanoTime() + SEARCHABLE_TIMEOUT.toNanos();
        Map<String, Integer> waiting = new LinkedHashMap<>(expected);
        long nextReport = System.nanoTime() + REPORT_INTERVAL.toNanos();
        while (!waiting.isEmpty()) {
            int asked = waiting.size();
            waiting.entrySet().removeIf(user -> {
                MemoryStatus status = gateway.status(user.getKey());
                return status.pending() == 0 && status.indexed() >= user.getValue();
            });
            if (waiting.isEmpty()) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("still pending after " + SEARCHABLE_TIMEOUT.toMinutes() + " minutes: "
                        + gateway.status(waiting.keySet().iterator().next()));
            }
            if (System.nanoTime() > nextReport) {
                Progress.log("indexing: %d user(s) still pending after %.0f s", waiting.size(), seconds(started));
                nextReport = System.nanoTime() + REPORT_INTERVAL.toNanos();
            }
            sleep(StatusPolls.pauseAfter(asked));
        }
    }

    private static double seconds(long startedNanos) {
        return (System.nanoTime() - startedNanos) / 1e9;
    }

    private static void sleep(Duration pause) {
        try {
            Thread.sleep(pause.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for indexing", e);
        }
    }
}
