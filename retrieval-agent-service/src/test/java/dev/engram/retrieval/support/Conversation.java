package dev.engram.retrieval.support;

import com.google.protobuf.Timestamp;
import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.Scope;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A small two-session conversation of user {@code caroline}, plus one episode of another user, as
 * ingest-service would store it.
 */
public final class Conversation {

    public static final String PROJECT = "default";
    public static final String USER = "caroline";
    public static final String SESSION_ONE = "conv-26/session_1";
    public static final String SESSION_TWO = "conv-26/session_2";
    public static final Instant SESSION_ONE_START = Instant.parse("2023-05-08T13:50:00Z");
    public static final Instant SESSION_TWO_START = Instant.parse("2023-05-25T09:00:00Z");

    private Conversation() {}

    /** Session one: s1-1 .. s1-8, one minute apart; session two: s2-1 .. s2-5. */
    public static List<Episode> episodes() {
        List<Episode> episodes = new ArrayList<>();
        for (int i = 1; i <= 8; i++) {
            episodes.add(episode(USER, SESSION_ONE, "s1-" + i, SESSION_ONE_START.plusSeconds(60L * (i - 1)), i));
        }
        for (int i = 1; i <= 5; i++) {
            episodes.add(episode(USER, SESSION_TWO, "s2-" + i, SESSION_TWO_START.plusSeconds(60L * (i - 1)), 100 + i));
        }
        episodes.add(episode("stranger", "other/session", "x-1", SESSION_ONE_START, 1000));
        return episodes;
    }

    public static Scope scope() {
        return Scope.newBuilder().setProject(PROJECT).setUserId(USER).build();
    }

    public static Episode episode(String user, String session, String id, Instant at, long sequence) {
        boolean carolineSpeaks = sequence % 2 == 1;
        return Episode.newBuilder()
                .setId(id)
                .setScope(Scope.newBuilder()
                        .setProject(PROJECT)
                        .setUserId(user)
                        .setSessionId(session)
                        .build())
                .setProducer(carolineSpeaks ? "Caroline" : "Melanie")
                .setRole(carolineSpeaks ? "user" : "assistant")
                .setContent("message " + id)
                .setTimestamp(Timestamp.newBuilder()
                        .setSeconds(at.getEpochSecond())
                        .setNanos(at.getNano())
                        .build())
                .setSequence(sequence)
                .putAllMetadata(Map.of("dia_id", id))
                .build();
    }
}
