package dev.engram.gateway.api;

import dev.engram.gateway.model.AddMemoriesRequest;
import dev.engram.gateway.model.AddMemoriesResponse;
import dev.engram.gateway.model.MemoryStatus;
import dev.engram.gateway.model.Problem;
import dev.engram.gateway.model.SearchRequest;
import dev.engram.gateway.model.SearchResponse;
import dev.engram.gateway.security.CurrentCaller;
import dev.engram.gateway.service.MemoryService;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestQuery;
import org.jboss.resteasy.reactive.RestResponse;

/** The memory endpoints of API version 1. */
@Path("/v1/memories")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Memories", description = "Add episodes to a user's long-term memory and search it.")
@APIResponse(
        responseCode = "400",
        description = "Invalid input; every invalid field is listed.",
        content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
@APIResponse(
        responseCode = "503",
        description = "A service behind the gateway is unavailable; retry after the Retry-After delay.",
        content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
public class MemoryResource {

    private final MemoryService memories;
    private final CurrentCaller caller;

    public MemoryResource(MemoryService memories, CurrentCaller caller) {
        this.memories = memories;
        this.caller = caller;
    }

    /** A batch may carry 32 MB of JSON: it is parsed and checked on a worker thread, not the event loop. */
    @POST
    @Blocking
    @Operation(
            operationId = "addMemories",
            summary = "Add episodes",
            description = "Stores the episodes durably before answering; search sees them once indexed "
                    + "(see /v1/memories/status, or ask with wait=indexed to be answered then). Episode ids are the user's: re-sending an episode is a no-op"
                    + " reported as duplicate, a different episode under a taken id is a 409.")
    @APIResponse(
            responseCode = "201",
            description = "Every episode is stored (created or duplicate).",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = AddMemoriesResponse.class)))
    @APIResponse(
            responseCode = "202",
            description = "Every episode is stored, and wait=indexed ran out before all were searchable: pending"
                    + " lists those that are not yet.",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = AddMemoriesResponse.class)))
    @APIResponse(
            responseCode = "409",
            description = "An id the user already has for a different episode, or one id given to two different"
                    + " episodes; nothing of the batch is stored.",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(
            responseCode = "413",
            description = "Body too large.",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public Uni<RestResponse<AddMemoriesResponse>> add(AddMemoriesRequest request) {
        return memories.add(caller.project(), request)
                .map(added -> added.pending() == null
                        ? RestResponse.status(RestResponse.Status.CREATED, added)
                        : RestResponse.status(RestResponse.Status.ACCEPTED, added));
    }

    @POST
    @Path("/search")
    @Operation(
            operationId = "searchMemories",
            summary = "Search memory",
            description = "Returns clusters of matching episodes with their neighbours, best first, the "
                    + "session's short-term memory when session_id is given, and a ready-to-use context text.")
    @APIResponse(responseCode = "200", description = "Search result.")
    public Uni<SearchResponse> search(SearchRequest request) {
        return memories.search(caller.project(), request);
    }

    @GET
    @Path("/status")
    @Operation(
            operationId = "getMemoryStatus",
            summary = "Indexing status",
            description = "How many of the user's episodes are searchable yet.")
    @APIResponse(responseCode = "200", description = "Counts of stored, indexed and pending episodes.")
    public Uni<MemoryStatus> status(@Parameter(required = true) @RestQuery("user_id") String userId) {
        return memories.status(caller.project(), userId);
    }
}
