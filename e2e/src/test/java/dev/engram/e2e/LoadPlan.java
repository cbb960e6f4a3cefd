package dev.engram.e2e;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What an {@link EpisodeLoad} sends, and how fast.
 *
 * @param prefix starts every user, session and episode id, so tests never share them
 * @param users users written to, each with {@code sessions} sessions
 * @param episodes in all; they must split evenly into sessions and batches
 * @param batchSize episodes per request
 * @param clients concurrent clients, each waiting for its answer before sending again
 * @param pace the interval between the starts of two batches, over all clients: the offered load
 */
record LoadPlan(String prefix, int users, int sessions, int episodes, int batchSize, int clients, Duration pace) {

    private static final Instant START = Instant.parse("2024-03-01T09:00:00Z");

    /** One turn of a conversation. */
    record Turn(String producer, String content) {}

    /** What the {@code index}-th turn of a session of user number {@code user} says. */
    @FunctionalInterface
    interface Script {
        Turn turn(int user, int index);
    }

    /** One POST /v1/memories. */
    record Batch(String user, String session, List<Map<String, Object>> episodes) {

        List<String> ids() {
            return episodes.stream().map(e -> (String) e.get("id")).toList();
        }
    }

    LoadPlan {
        int perSession = episodes / (users * sessions);
        if (perSession * users * sessions != episodes || perSession % batchSize != 0) {
            throw new IllegalArgumentException(episodes + " episodes do not split into " + users + " users x "
                    + sessions + " sessions x batches of " + batchSize);
        }
    }

    List<String> userIds() {
        List<String> ids = new ArrayList<>();
        for (int u = 0; u < users; u++) {
            ids.add(userId(u));
        }
        return ids;
    }

    /**
     * Every batch in sending order. Consecutive batches belong to different sessions, so the clients
     * write to many sessions at once; within a session, batches come in order, a turn 30 s after the
     * one before.
     */
    List<Batch> batches(Script script) {
        int perSession = episodes / (users * sessions);
        List<Batch> batches = new ArrayList<>();
        for (int first = 0; first < perSession; first += batchSize) {
            for (int u = 0; u < users; u++) {
                for (int s = 0; s < sessions; s++) {
                    String session = userId(u) + "-s" + s;
                    List<Turn> turns = new ArrayList<>();
                    for (int i = first; i < first + batchSize; i++) {
                        turns.add(script.turn(u, i));
                    }
                    batches.add(batch(userId(u), session, first, turns, START.plus(Duration.ofDays(s))));
                }
            }
        }
        return batches;
    }

    /**
     * A batch outside the plan, in a session of its own, dated after the plan's: for what a test
     * sends itself with {@link EpisodeLoad#send(Batch)}.
     */
    static Batch extraBatch(String user, String session, List<Turn> turns) {
        return batch(user, session, 0, turns, START.plus(Duration.ofDays(30)));
    }

    private String userId(int user) {
        return prefix + "-u" + user;
    }

    private static Batch batch(String user, String session, int first, List<Turn> turns, Instant sessionStart) {
        List<Map<String, Object>> episodes = new ArrayList<>();
        for (int i = 0; i < turns.size(); i++) {
            int index = first + i;
            Map<String, Object> episode = new LinkedHashMap<>();
            episode.put("id", session + ":" + index);
            episode.put("producer", turns.get(i).producer());
            episode.put("role", index % 2 == 0 ? "user" : "assistant");
            episode.put("content", turns.get(i).content());
            episode.put("timestamp", sessionStart.plusSeconds(30L * index).toString());
            episodes.add(episode);
        }
        return new Batch(user, session, episodes);
    }
}
