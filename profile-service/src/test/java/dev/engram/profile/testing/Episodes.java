package dev.engram.profile.testing;

import com.google.protobuf.Timestamp;
import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.ObserveRequest;
import dev.engram.proto.v1.Scope;
import java.time.Instant;
import java.util.UUID;

/** Episodes as ingest-service delivers them, in invented LoCoMo-style conversations. */
public final class Episodes {

    private Episodes() {}

    public static String newUser() {
        return "user-" + UUID.randomUUID();
    }

    public static Scope scope(String user) {
        return Scope.newBuilder().setProject("default").setUserId(user).build();
    }

    public static Episode said(String user, String id, String speaker, String content, String time) {
        return Episode.newBuilder()
                .setId(id)
                .setScope(
                        Scope.newBuilder().setProject("default").setUserId(user).setSessionId("conv/session_1"))
                .setProducer(speaker)
                .setContent(content)
                .setTimestamp(timestamp(Instant.parse(time)))
                .build();
    }

    public static ObserveRequest observe(Episode... episodes) {
        return ObserveRequest.newBuilder()
                .addAllEpisodes(java.util.List.of(episodes))
                .build();
    }

    public static Timestamp timestamp(Instant instant) {
        return Timestamp.newBuilder()
                .setSeconds(instant.getEpochSecond())
                .setNanos(instant.getNano())
                .build();
    }
}
