package dev.engram.gateway.api;

import dev.engram.gateway.model.DeletionView;
import dev.engram.gateway.model.Problem;
import dev.engram.gateway.model.ShortTermView;
import dev.engram.gateway.security.CurrentCaller;
import dev.engram.gateway.service.EpisodeService;
import dev.engram.gateway.service.MemoryService;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;
import org.jboss.resteasy.reactive.RestResponse;

/** The session endpoints of API version 1. */
@Path("/v1/sessions")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Sessions", description = "Read a conversation session's short-term memory.")
@APIResponse(
        responseCode = "400",
        description = "Invalid input; every invalid field is listed.",
        content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
@APIResponse(
        responseCode = "503",
        description = "A service behind the gateway is unavailable; retry after the Retry-After delay.",
        content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
public class SessionResource {

    private final MemoryService memories;
    private final EpisodeService episodes;
    private final CurrentCaller caller;

    public SessionResource(MemoryService memories, EpisodeService episodes, CurrentCaller caller) {
        this.memories = memories;
        this.episodes = episodes;
        this.caller = caller;
    }

    /** Session ids may hold '/' (conv-26/session_1): the path parameter spans every segment before the last. */
    @GET
    @Path("/{session_id: .+}/short-term")
    @Operation(
            operationId = "getShortTerm",
            summary = "Short-term memory of a session",
            description = "The session's recent episodes within a character budget, any older ones not summarized "
                    + "yet, and a summary of the rest. Read without search; an unknown session is empty.")
    @APIResponse(responseCode = "200", description = "The session's short-term memory.")
    public Uni<ShortTermView> shortTerm(
            @Parameter(description = "May contain '/'.") @RestPath("session_id") String sessionId,
            @Parameter(required = true) @RestQuery("user_id") String userId,
            @Parameter(description = "Only this agent's episodes, with a summary of their own.") @RestQuery("agent_id")
                    String agentId) {
        return memories.shortTerm(caller.project(), sessionId, userId, agentId);
    }

    @DELETE
    @Path("/{session_id: .+}")
    @Operation(
            operationId = "deleteSession",
            summary = "Delete a session",
            description = "Its episodes, its short-term memory, their index entries and profile evidence.")
    @APIResponse(responseCode = "200", description = "Deleted from every store (also when there was nothing).")
    @APIResponse(responseCode = "202", description = "Deleted from PostgreSQL; derived stores follow (see Location).")
    public Uni<RestResponse<DeletionView>> delete(
            @Parameter(description = "May contain '/'.") @RestPath("session_id") String sessionId,
            @Parameter(required = true) @RestQuery("user_id") String userId) {
        return episodes.deleteSession(caller.project(), userId, sessionId).map(Deletions::answer);
    }
}
