package dev.engram.gateway.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.gateway.model.AddMemoriesRequest;
import dev.engram.gateway.model.EpisodeCluster;
import dev.engram.gateway.model.EpisodeInput;
import dev.engram.gateway.model.EpisodeView;
import dev.engram.gateway.model.FieldError;
import dev.engram.gateway.model.Problem;
import dev.engram.gateway.model.SearchRequest;
import dev.engram.gateway.model.SearchResponse;
import dev.engram.gateway.model.UpdateEpisodeRequest;
import dev.engram.gateway.security.Caller;
import dev.engram.gateway.security.CurrentCaller;
import dev.engram.gateway.security.Scope;
import dev.engram.gateway.service.EpisodeService;
import dev.engram.gateway.service.MemoryService;
import dev.engram.gateway.service.ProfileService;
import dev.engram.gateway.service.RequestRefusedException;
import dev.engram.gateway.validation.InvalidRequestException;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;
import io.smallrye.mutiny.Uni;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Engram's memory as MCP tools: the same services as the REST API, the same validation and the same problems,
 * scoped by the caller's API key (its project) and bounded by {@code user_id} like every endpoint. A failed call
 * answers an error result holding the problem document the REST API would have answered.
 */
public class MemoryTools {

    /** One message of a conversation, as a tool argument. */
    public record Message(String id, String speaker, String role, String content, String timestamp) {}

    private final MemoryService memory;
    private final EpisodeService episodes;
    private final ProfileService profiles;
    private final ToolProblems problems;
    private final ObjectMapper json;
    // The MCP server makes the HTTP request of a tool call current, as a REST resource's would be.
    private final CurrentCaller caller;

    MemoryTools(
            MemoryService memory,
            EpisodeService episodes,
            ProfileService profiles,
            ToolProblems problems,
            ObjectMapper json,
            CurrentCaller caller) {
        this.caller = caller;
        this.memory = memory;
        this.episodes = episodes;
        this.profiles = profiles;
        this.problems = problems;
        this.json = json;
    }

    @Tool(
            name = "add_memory",
            description = "Stores messages of a conversation in the user's long-term memory, in the order they were"
                    + " said. Call it with each new turn (the user's and your own). Answers each message's id and"
                    + " whether it was created or was already stored (a message re-sent with the same id).")
    Uni<ToolResponse> addMemory(
            @ToolArg(name = "user_id", description = "Whose memory: the person the conversation is with.")
                    String userId,
            @ToolArg(name = "session_id", description = "The conversation the messages belong to.") String sessionId,
            @ToolArg(
                            description = "The messages, oldest first. content is required; id makes a re-sent"
                                    + " message a duplicate instead of a second copy; speaker is who said it (a"
                                    + " name); role is user or assistant; timestamp is ISO-8601 with an offset"
                                    + " (the time of arrival when left out).")
                    List<Message> messages,
            @ToolArg(
                            name = "agent_id",
                            description = "The agent taking part, when several share a user.",
                            required = false)
                    String agentId,
            @ToolArg(
                            name = "wait_indexed",
                            description = "Answer only once the messages can be found by search_memory (at most 10"
                                    + " seconds; pending then lists those that cannot yet).",
                            required = false)
                    Boolean waitIndexed) {
        AddMemoriesRequest request = new AddMemoriesRequest(
                userId,
                agentId,
                sessionId,
                episodes(messages),
                Boolean.TRUE.equals(waitIndexed) ? "indexed" : null,
                null);
        return answer(Scope.WRITE, project -> memory.add(project, request));
    }

    /** The messages as episodes; a missing list or message stays missing, for validation to name it. */
    private static List<EpisodeInput> episodes(List<Message> messages) {
        if (messages == null) {
            return null;
        }
        return messages.stream()
                .map(message -> message == null
                        ? null
                        : new EpisodeInput(
                                message.id(),
                                message.speaker(),
                                null,
                                message.role(),
                                message.content(),
                                message.timestamp(),
                                null))
                .toList();
    }

    @Tool(
            name = "search_memory",
            description = "Finds what the user's long-term memory holds about a question. Call it before answering"
                    + " anything that may depend on earlier conversations. Answers context, text ready to put in"
                    + " your prompt (empty when nothing relevant was found: then say you do not know rather than"
                    + " guess), and the ids of the messages it came from.")
    Uni<ToolResponse> searchMemory(
            @ToolArg(name = "user_id", description = "Whose memory to search.") String userId,
            @ToolArg(description = "The question or topic, in plain words.") String query,
            @ToolArg(
                            name = "top_k",
                            description = "How many passages of conversation to return, 1 to 100 (default 10).",
                            required = false)
                    Integer topK,
            @ToolArg(
                            name = "session_id",
                            description = "Search this conversation only, and return its short-term memory too.",
                            required = false)
                    String sessionId) {
        return answer(
                Scope.READ,
                project -> memory.search(
                                project,
                                new SearchRequest(
                                        userId, null, sessionId, query, topK, null, null, null, null, null, null, null))
                        .map(MemoryTools::found));
    }

    @Tool(
            name = "get_short_term",
            description = "The short-term memory of one conversation: a rolling summary of what was said earlier in"
                    + " it and its most recent messages.")
    Uni<ToolResponse> getShortTerm(
            @ToolArg(name = "user_id", description = "Whose conversation.") String userId,
            @ToolArg(name = "session_id", description = "The conversation.") String sessionId,
            @ToolArg(
                            name = "agent_id",
                            description = "The agent taking part, when several share a user.",
                            required = false)
                    String agentId) {
        return answer(Scope.READ, project -> memory.shortTerm(project, sessionId, userId, agentId));
    }

    @Tool(
            name = "get_profile",
            description = "What is known about the user as lasting facts and preferences (name, work, family,"
                    + " likes), each with the time it became true.")
    Uni<ToolResponse> getProfile(@ToolArg(name = "user_id", description = "Whose profile.") String userId) {
        return answer(Scope.READ, project -> profiles.profile(project, userId, null, null, null));
    }

    @Tool(
            name = "list_episodes",
            description = "The stored messages of the user, in conversation order, a page at a time; pass the"
                    + " answer's next_cursor to get the next page.")
    Uni<ToolResponse> listEpisodes(
            @ToolArg(name = "user_id", description = "Whose messages.") String userId,
            @ToolArg(name = "session_id", description = "Only this conversation.", required = false) String sessionId,
            @ToolArg(description = "The next_cursor of the previous page.", required = false) String cursor,
            @ToolArg(description = "Messages per page, 1 to 1000 (default 100).", required = false) Integer limit) {
        return answer(
                Scope.READ,
                project -> episodes.list(
                        project, userId, sessionId, null, cursor, limit == null ? null : String.valueOf(limit)));
    }

    @Tool(
            name = "update_memory",
            description = "Corrects one stored message in place when it was recorded wrong (a typo, a wrong name or"
                    + " date): give its episode_id and the corrected content. The memory is searched with the"
                    + " corrected text from then on, and what was learnt from the old text is learnt again.")
    Uni<ToolResponse> updateMemory(
            @ToolArg(name = "user_id", description = "Whose memory.") String userId,
            @ToolArg(name = "episode_id", description = "The message to correct (see list_episodes).") String episodeId,
            @ToolArg(description = "The corrected text of the message.") String content,
            @ToolArg(
                            name = "wait_indexed",
                            description = "Answer only once the corrected message is searchable (up to 10 s).",
                            required = false)
                    Boolean waitIndexed) {
        return answer(
                Scope.WRITE,
                project -> episodes.update(
                        project,
                        userId,
                        episodeId,
                        new UpdateEpisodeRequest(
                                content,
                                null,
                                null,
                                null,
                                null,
                                null,
                                Boolean.TRUE.equals(waitIndexed) ? "indexed" : null,
                                null)));
    }

    @Tool(
            name = "delete_memory",
            description = "Forgets, everywhere and for good: one message (episode_id), one conversation"
                    + " (session_id), or everything about the user (all set to true). Name exactly one of the"
                    + " three. Answers whether every store is already purged (complete) or still being purged"
                    + " (pending).")
    Uni<ToolResponse> deleteMemory(
            @ToolArg(name = "user_id", description = "Whose memory.") String userId,
            @ToolArg(name = "episode_id", description = "The message to forget.", required = false) String episodeId,
            @ToolArg(name = "session_id", description = "The conversation to forget.", required = false)
                    String sessionId,
            @ToolArg(description = "Forget everything about the user.", required = false) Boolean all) {
        return answer(Scope.WRITE, project -> {
            boolean everything = Boolean.TRUE.equals(all);
            int named = (episodeId == null ? 0 : 1) + (sessionId == null ? 0 : 1) + (everything ? 1 : 0);
            if (named != 1) {
                throw new InvalidRequestException(List.of(new FieldError(
                        named == 0 ? "episode_id" : "all",
                        "name exactly one of episode_id, session_id or all=true (" + named + " given)")));
            }
            if (episodeId != null) {
                return episodes.deleteEpisode(project, userId, episodeId);
            }
            return sessionId != null
                    ? episodes.deleteSession(project, userId, sessionId)
                    : episodes.deleteUser(project, userId);
        });
    }

    /** What a search gives a model: the context and where it came from, without the trace. */
    private static Map<String, Object> found(SearchResponse response) {
        List<String> ids = new ArrayList<>();
        if (response.episodic() != null) {
            for (EpisodeCluster cluster : response.episodic()) {
                cluster.episodes().stream().map(EpisodeView::id).forEach(ids::add);
            }
        }
        Map<String, Object> found = new LinkedHashMap<>();
        found.put("context", response.context() == null ? "" : response.context());
        found.put("episode_ids", ids);
        if (response.shortTerm() != null) {
            found.put("short_term", response.shortTerm());
        }
        if (response.warnings() != null && !response.warnings().isEmpty()) {
            found.put("warnings", response.warnings());
        }
        return found;
    }

    /**
     * Runs a call for the caller's project when its key has {@code needed}; its answer becomes the tool's JSON
     * text, any failure the problem the REST API would have answered.
     */
    private Uni<ToolResponse> answer(Scope needed, Function<String, Uni<?>> call) {
        Optional<Caller> current = caller.find();
        if (current.isEmpty() || current.get().project() == null) {
            return Uni.createFrom()
                    .item(failed(RequestRefusedException.forbidden(
                            "Memory tools need an API key of a project; the administrator's key has none.")));
        }
        if (!current.get().has(needed)) {
            return Uni.createFrom()
                    .item(failed(RequestRefusedException.forbidden(
                            "This API key lacks the '" + needed.wireName() + "' scope this tool needs.")));
        }
        String project = current.get().project();
        return Uni.createFrom()
                .deferred(() -> call.apply(project))
                .map(answer -> ToolResponse.success(text(answer)))
                .onFailure()
                .recoverWithItem(this::failed);
    }

    private ToolResponse failed(Throwable failure) {
        Problem problem = problems.of(failure);
        return ToolResponse.error(text(problem));
    }

    private String text(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an answer could not be written as JSON", e);
        }
    }
}
