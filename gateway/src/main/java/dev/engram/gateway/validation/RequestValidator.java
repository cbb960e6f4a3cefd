package dev.engram.gateway.validation;

import dev.engram.gateway.mapping.AddMapping;
import dev.engram.gateway.mapping.CorrectionMapping;
import dev.engram.gateway.mapping.DirectoryMapping;
import dev.engram.gateway.mapping.EpisodeMapping;
import dev.engram.gateway.mapping.SearchMapping;
import dev.engram.gateway.mapping.ShortTermMapping;
import dev.engram.gateway.model.AddMemoriesRequest;
import dev.engram.gateway.model.EpisodeInput;
import dev.engram.gateway.model.ExpandContext;
import dev.engram.gateway.model.SearchFilterInput;
import dev.engram.gateway.model.SearchRequest;
import dev.engram.proto.v1.AddEpisodesRequest;
import dev.engram.proto.v1.ContextBy;
import dev.engram.proto.v1.DeleteEpisodesRequest;
import dev.engram.proto.v1.GetDeletionRequest;
import dev.engram.proto.v1.GetEpisodeRequest;
import dev.engram.proto.v1.GetShortTermRequest;
import dev.engram.proto.v1.GetStatusRequest;
import dev.engram.proto.v1.ListEpisodesRequest;
import dev.engram.proto.v1.ListSessionsRequest;
import dev.engram.proto.v1.ListUsersRequest;
import dev.engram.proto.v1.Neighbours;
import dev.engram.proto.v1.RetrievalRequest;
import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.SearchMode;
import dev.engram.proto.v1.UpdateEpisodeRequest;
import java.util.List;
import java.util.Set;

/**
 * The gateway is the first line of defence: a request that passes here is complete and well-formed, so
 * downstream services never receive half-valid batches and nothing is half-written. Each check turns the API
 * request into the request it becomes downstream and checks that against the proto's rules, the same rules
 * the service behind checks again.
 */
public final class RequestValidator {

    private static final Set<String> INCLUDES = Set.of("episodic", "short_term", "profile");

    private RequestValidator() {}

    private static final Set<String> WAITS = Set.of("none", "indexed");

    /** The longest wait for indexing an add may ask for. */
    public static final int MAX_WAIT_MILLIS = 60_000;

    public static AddEpisodesRequest add(String project, AddMemoriesRequest request) {
        FieldErrors errors = FieldErrors.forBody(request);
        errors.givenNotEmpty("agent_id", request.agentId());
        waitOption(errors, request.waitFor(), request.waitTimeoutMs());
        List<EpisodeInput> episodes = request.episodes();
        for (int i = 0; episodes != null && i < episodes.size(); i++) {
            String path = "episodes[" + i + "]";
            EpisodeInput episode = episodes.get(i);
            if (episode == null) {
                errors.add(path, "must be an episode object");
            } else {
                errors.givenNotEmpty(path + ".id", episode.id());
                errors.timestamp(path + ".timestamp", episode.timestamp());
                errors.noNullValues(path + ".metadata", episode.metadata());
            }
        }
        AddEpisodesRequest proto = AddMapping.toProto(project, request);
        errors.contract(proto, JsonPaths.SCOPED);
        return proto;
    }

    /** What a correction gives follows the rules of an added episode; an empty one changes nothing. */
    public static UpdateEpisodeRequest update(
            String project, String userId, String episodeId, dev.engram.gateway.model.UpdateEpisodeRequest request) {
        FieldErrors errors = FieldErrors.forBody(request);
        waitOption(errors, request.waitFor(), request.waitTimeoutMs());
        if (request.content() != null && request.content().isBlank()) {
            errors.add("content", "must not be blank");
        }
        errors.timestamp("timestamp", request.timestamp());
        errors.noNullValues("metadata", request.metadata());
        UpdateEpisodeRequest proto = CorrectionMapping.toProto(project, userId, episodeId, request);
        errors.contract(proto, JsonPaths.EPISODE_CHANGE);
        return proto;
    }

    private static void waitOption(FieldErrors errors, String waitFor, Integer timeout) {
        if (waitFor != null && !WAITS.contains(waitFor)) {
            errors.add("wait", "must be one of none, indexed (was '" + waitFor + "')");
        }
        if (timeout != null && (timeout < 1 || timeout > MAX_WAIT_MILLIS)) {
            errors.add("wait_timeout_ms", "must be between 1 and " + MAX_WAIT_MILLIS);
        }
    }

    public static RetrievalRequest search(String project, SearchRequest request) {
        FieldErrors errors = FieldErrors.forBody(request);
        errors.givenNotEmpty("agent_id", request.agentId());
        errors.givenNotEmpty("session_id", request.sessionId());
        errors.enumValue("mode", request.mode(), SearchMode.getDescriptor());
        ExpandContext expand = request.expandContext();
        if (expand != null) {
            errors.enumValue("expand_context.neighbours", expand.neighbours(), Neighbours.getDescriptor());
            errors.enumValue("expand_context.by", expand.by(), ContextBy.getDescriptor());
        }
        List<String> include = request.include();
        errors.noNulls("include", include);
        for (int i = 0; include != null && i < include.size(); i++) {
            if (include.get(i) != null && !INCLUDES.contains(include.get(i))) {
                errors.add("include[" + i + "]", "must be one of episodic, short_term, profile");
            }
        }
        errors.noNulls("rerankers", request.rerankers());
        SearchFilterInput filter = request.filter();
        if (filter != null) {
            errors.noNulls("filter.session_ids", filter.sessionIds());
            errors.noNulls("filter.producers", filter.producers());
            errors.timestamp("filter.from", filter.from());
            errors.timestamp("filter.to", filter.to());
            errors.noNullValues("filter.metadata", filter.metadata());
        }
        RetrievalRequest proto = SearchMapping.toProto(project, request);
        errors.contract(proto, JsonPaths.SEARCH);
        return proto;
    }

    public static GetStatusRequest status(String project, String userId) {
        GetStatusRequest proto =
                GetStatusRequest.newBuilder().setScope(scope(project, userId)).build();
        new FieldErrors().contract(proto, JsonPaths.SCOPED);
        return proto;
    }

    public static GetShortTermRequest shortTerm(String project, String sessionId, String userId, String agentId) {
        GetShortTermRequest proto = ShortTermMapping.toProto(project, sessionId, userId, agentId);
        new FieldErrors().contract(proto, JsonPaths.SCOPED);
        return proto;
    }

    public static GetEpisodeRequest episode(String project, String userId, String episodeId) {
        GetEpisodeRequest proto = EpisodeMapping.get(project, userId, episodeId);
        new FieldErrors().contract(proto, JsonPaths.SCOPED);
        return proto;
    }

    /** Left out, the page size is ingest-service's default; the cursor is decoded there too. */
    public static ListEpisodesRequest listing(
            String project, String userId, String sessionId, String agentId, String cursor, String limit) {
        FieldErrors errors = new FieldErrors();
        Integer pageSize = errors.integer(
                        "limit", limit, ListEpisodesRequest.getDescriptor().findFieldByName("limit"))
                .orElse(null);
        ListEpisodesRequest proto = EpisodeMapping.list(project, userId, sessionId, agentId, cursor, pageSize);
        errors.contract(proto, JsonPaths.SCOPED);
        return proto;
    }

    public static ListUsersRequest users(String project, String cursor, String limit) {
        FieldErrors errors = new FieldErrors();
        Integer pageSize = errors.integer(
                        "limit", limit, ListUsersRequest.getDescriptor().findFieldByName("limit"))
                .orElse(null);
        ListUsersRequest proto = DirectoryMapping.users(project, cursor, pageSize);
        errors.contract(proto, JsonPaths.SCOPED);
        return proto;
    }

    public static ListSessionsRequest sessions(
            String project, String userId, String agentId, String cursor, String limit) {
        FieldErrors errors = new FieldErrors();
        Integer pageSize = errors.integer(
                        "limit", limit, ListSessionsRequest.getDescriptor().findFieldByName("limit"))
                .orElse(null);
        ListSessionsRequest proto = DirectoryMapping.sessions(project, userId, agentId, cursor, pageSize);
        errors.contract(proto, JsonPaths.SCOPED);
        return proto;
    }

    public static DeleteEpisodesRequest deletion(String project, String userId, String sessionId, String episodeId) {
        DeleteEpisodesRequest proto = EpisodeMapping.delete(project, userId, sessionId, episodeId);
        new FieldErrors().contract(proto, JsonPaths.SCOPED);
        return proto;
    }

    public static GetDeletionRequest deletionStatus(String project, String deletionId) {
        GetDeletionRequest proto = GetDeletionRequest.newBuilder()
                .setProject(project)
                .setDeletionId(orEmpty(deletionId))
                .build();
        new FieldErrors().contract(proto, JsonPaths.SCOPED);
        return proto;
    }

    private static Scope scope(String project, String userId) {
        return Scope.newBuilder().setProject(project).setUserId(orEmpty(userId)).build();
    }

    private static String orEmpty(String value) {
        return value == null ? "" : value;
    }
}
