package dev.engram.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the dataset into Engram as the protocol prescribes (one user per conversation, one session per
 * LoCoMo session, one episode per turn) and measures how long until all of it is searchable.
 */
public final class EngramIngest {

    static final int MAX_EPISODES_PER_REQUEST = 1000;
    /** Turns of a session share its start time; a small step keeps them in order and distinct. */
    static final Duration TURN_SPACING = Duration.ofSeconds(5);

    private static final Duration POLL_INTERVAL = Duration.ofMillis(250);
    private static final Duration REPORT_INTERVAL = Duration.ofSeconds(10);
    private static final Duration SEARCHABLE_TIMEOUT = Duration.ofMinutes(60);

    private final GatewayClient gateway;
    private final RunIds ids;

    public EngramIngest(GatewayClient gateway, RunIds ids) {
        this.gateway = gateway;
        this.ids = ids;
    }

    /** The {@code POST /v1/memories} bodies of one session, at most 1000 episodes each. */
    public List<ObjectNode> requests(Session session) {
        List<ObjectNode> requests = new ArrayList<>();
        List<Turn> turns = session.turns();
        List<String> speakers = turns.stream().map(Turn::speaker).distinct().toList();
        for (int from = 0; from < turns.size(); from += MAX_EPISODES_PER_REQUEST) {
            ObjectNode body = gateway.json().createObjectNode();
            body.put("user_id", ids.userId(session.sampleId()));
            body.put("session_id", session.id());
            ArrayNode episodes = body.putArray("episodes");
            int to = Math.min(turns.size(), from + MAX_EPISODES_PER_REQUEST);
            for (int i = from; i < to; i++) {
                Turn turn = turns.get(i);
                ObjectNode episode = episodes.addObject();
                episode.put("id", ids.episodeId(session.sampleId(), turn.diaId()));
                episode.put("producer", turn.speaker());
                // In a conversation of two, each speaks to the other, as an agent recording a chat would say.
                if (speakers.size() == 2) {
                    episode.put("produced_for", speakers.get(speakers.indexOf(turn.speaker()) == 0 ? 1 : 0));
                }
                episode.put("content", turn.content());
                episode.put(
                        "timestamp",
                        session.startedAt()
                                .plus(TURN_SPACING.multipliedBy(i))
                                .format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
                episode.putObject("metadata").put("dia_id", turn.diaId());
            }
            requests.add(body);
        }
        return requests;
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
        Map<String, Integer> expected = new LinkedHashMap<>();
        int episodes = 0;
        int requests = 0;
        int reused = 0;
        long started = System.nanoTime();
        for (Conversation conversation : conversations) {
            List<ObjectNode> bodies = conversation.sessions().stream()
                    .flatMap(session -> requests(session).stream())
                    .toList();
            int count = bodies.stream()
                    .mapToInt(body -> body.get("episodes").size())
                    .sum();
            if (reuse && isComplete(ids.userId(conversation.sampleId()), count)) {
                reused += count;
                continue;
            }
            for (ObjectNode body : bodies) {
                JsonNode answer = gateway.addMemories(body);
                checkCreated(answer, reuse);
                int sent = body.get("episodes").size();
                episodes += sent;
                requests++;
                expected.merge(body.get("user_id").asText(), sent, Integer::sum);
            }
        }
        double accepted = seconds(started);
        awaitSearchable(expected, started);
        return new IngestResult(episodes, requests, accepted, seconds(started), reused);
    }

    private boolean isComplete(String userId, int episodes) {
        JsonNode status = gateway.status(userId);
        return status.path("pending").asLong(-1) == 0 && status.path("indexed").asLong() >= episodes;
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

    private void awaitSearchable(Map<String, Integer> expected, long started) {
        long deadline = System.nanoTime() + SEARCHABLE_TIMEOUT.toNanos();
        Map<String, Integer> waiting = new LinkedHashMap<>(expected);
        long nextReport = System.nanoTime() + REPORT_INTERVAL.toNanos();
        while (!waiting.isEmpty()) {
            waiting.entrySet().removeIf(user -> {
                JsonNode status = gateway.status(user.getKey());
                return status.path("pending").asLong(-1) == 0
                        && status.path("indexed").asLong() >= user.getValue();
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
            sleep(POLL_INTERVAL);
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
