package dev.engram.ingest.testing;

import com.google.protobuf.Timestamp;
import dev.engram.proto.v1.AddEpisodesRequest;
import dev.engram.proto.v1.DeleteEpisodesRequest;
import dev.engram.proto.v1.GetContextRequest;
import dev.engram.proto.v1.GetDeletionRequest;
import dev.engram.proto.v1.GetEpisodeRequest;
import dev.engram.proto.v1.GetShortTermRequest;
import dev.engram.proto.v1.GetStatusRequest;
import dev.engram.proto.v1.ListEpisodesRequest;
import dev.engram.proto.v1.NewEpisode;
import dev.engram.proto.v1.ReindexRequest;
import dev.engram.proto.v1.Scope;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** Request builders; every test works in a project of its own so tests never see each other. */
public final class TestData {

    private TestData() {}

    public static String newProject() {
        return "test-" + UUID.randomUUID();
    }

    public static Scope scope(String project, String user, String session) {
        return Scope.newBuilder()
                .setProject(project)
                .setUserId(user)
                .setSessionId(session)
                .build();
    }

    public static NewEpisode episode(String id, String content) {
        return NewEpisode.newBuilder().setId(id).setContent(content).build();
    }

    public static NewEpisode episode(String id, String content, String timestamp) {
        return episode(id, content).toBuilder().setTimestamp(ts(timestamp)).build();
    }

    public static AddEpisodesRequest add(Scope scope, NewEpisode... episodes) {
        return AddEpisodesRequest.newBuilder()
                .setScope(scope)
                .addAllEpisodes(List.of(episodes))
                .build();
    }

    public static GetContextRequest context(String project, String user, int before, int after, String... ids) {
        return GetContextRequest.newBuilder()
                .setScope(Scope.newBuilder().setProject(project).setUserId(user))
                .addAllEpisodeIds(List.of(ids))
                .setBefore(before)
                .setAfter(after)
                .build();
    }

    public static GetStatusRequest status(String project, String user) {
        return GetStatusRequest.newBuilder()
                .setScope(Scope.newBuilder().setProject(project).setUserId(user))
                .build();
    }

    public static Scope user(String project, String user) {
        return Scope.newBuilder().setProject(project).setUserId(user).build();
    }

    public static GetEpisodeRequest getEpisode(Scope scope, String episodeId) {
        return GetEpisodeRequest.newBuilder()
                .setScope(scope)
                .setEpisodeId(episodeId)
                .build();
    }

    public static ListEpisodesRequest list(Scope scope, String cursor, int limit) {
        return ListEpisodesRequest.newBuilder()
                .setScope(scope)
                .setCursor(cursor)
                .setLimit(limit)
                .build();
    }

    /** Deletes one episode of the user. */
    public static DeleteEpisodesRequest deleteEpisode(String project, String user, String episodeId) {
        return DeleteEpisodesRequest.newBuilder()
                .setScope(user(project, user))
                .setEpisodeId(episodeId)
                .build();
    }

    /** Deletes what the scope names: a session when it has one, else the whole user. */
    public static DeleteEpisodesRequest delete(Scope scope) {
        return DeleteEpisodesRequest.newBuilder().setScope(scope).build();
    }

    public static GetDeletionRequest getDeletion(String project, String deletionId) {
        return GetDeletionRequest.newBuilder()
                .setProject(project)
                .setDeletionId(deletionId)
                .build();
    }

    public static ReindexRequest reindex(String project) {
        return ReindexRequest.newBuilder().setProject(project).build();
    }

    public static GetShortTermRequest shortTerm(Scope scope) {
        return GetShortTermRequest.newBuilder().setScope(scope).build();
    }

    /**
     * Exactly {@code chars} characters: one informative sentence naming the episode (what a summary
     * should keep), padded with filler sentences.
     */
    public static String content(String marker, int chars) {
        StringBuilder text = new StringBuilder("Caroline adopted 3 kittens in Denver, said " + marker + ".");
        while (text.length() < chars) {
            text.append(" It was fine.");
        }
        return text.substring(0, chars);
    }

    public static Timestamp ts(String iso) {
        Instant instant = Instant.parse(iso);
        return Timestamp.newBuilder()
                .setSeconds(instant.getEpochSecond())
                .setNanos(instant.getNano())
                .build();
    }
}
