package dev.engram.gateway.api;

import dev.engram.gateway.model.DeletionView;
import dev.engram.gateway.model.EpisodePage;
import dev.engram.gateway.model.EpisodeView;
import dev.engram.gateway.model.Problem;
import dev.engram.gateway.model.UpdateEpisodeRequest;
import dev.engram.gateway.model.UpdateEpisodeResponse;
import dev.engram.gateway.security.CurrentCaller;
import dev.engram.gateway.service.EpisodeService;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;
import org.jboss.resteasy.reactive.RestResponse;

/** Stored episodes one at a time: read, list, correct, delete. */
@Path("/v1/memories/episodes")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Memories")
@APIResponse(
        responseCode = "400",
        description = "Invalid input; every invalid field is listed.",
        content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
@APIResponse(
        responseCode = "503",
        description = "A service behind the gateway is unavailable; retry after the Retry-After delay.",
        content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
public class EpisodeResource {

    private final EpisodeService episodes;
    private final CurrentCaller caller;

    public EpisodeResource(EpisodeService episodes, CurrentCaller caller) {
        this.episodes = episodes;
        this.caller = caller;
    }

    @GET
    @Operation(
            operationId = "listEpisodes",
            summary = "List episodes",
            description = "A user's episodes in session order, a page at a time.")
    @APIResponse(responseCode = "200", description = "One page; follow next_cursor for the next.")
    public Uni<EpisodePage> list(
            @Parameter(required = true) @RestQuery("user_id") String userId,
            @RestQuery("session_id") String sessionId,
            @RestQuery("agent_id") String agentId,
            @Parameter(description = "next_cursor of the previous page.") @RestQuery("cursor") String cursor,
            @Parameter(
                            description = "1-1000, default 100.",
                            schema = @Schema(type = SchemaType.INTEGER, minimum = "1", maximum = "1000"))
                    @RestQuery("limit")
                    String limit) {
        return episodes.list(caller.project(), userId, sessionId, agentId, cursor, limit);
    }

    @GET
    @Path("/{episode_id}")
    @Operation(operationId = "getEpisode", summary = "Read an episode", description = "Exactly as it was added.")
    @APIResponse(responseCode = "200", description = "The episode.")
    @APIResponse(
            responseCode = "404",
            description = "The user has no episode with this id.",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public Uni<EpisodeView> get(
            @RestPath("episode_id") String episodeId, @Parameter(required = true) @RestQuery("user_id") String userId) {
        return episodes.get(caller.project(), userId, episodeId);
    }

    @PATCH
    @Path("/{episode_id}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(
            operationId = "updateEpisode",
            summary = "Correct an episode",
            description = "Changes what the episode says (content, speaker fields, time, metadata) in place; its id,"
                    + " session and agent stay. The derived stores follow: it is indexed again (pending until then),"
                    + " its profile evidence is extracted again, and summaries that held its old text are rebuilt.")
    @APIResponse(
            responseCode = "200",
            description = "Corrected (or already so: status unchanged); with wait=indexed, searchable again.",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = UpdateEpisodeResponse.class)))
    @APIResponse(
            responseCode = "202",
            description = "Corrected, and wait=indexed ran out before it was searchable again: pending lists it.",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = UpdateEpisodeResponse.class)))
    @APIResponse(
            responseCode = "404",
            description = "The user has no episode with this id.",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public Uni<RestResponse<UpdateEpisodeResponse>> update(
            @RestPath("episode_id") String episodeId,
            @Parameter(required = true) @RestQuery("user_id") String userId,
            UpdateEpisodeRequest request) {
        return episodes.update(caller.project(), userId, episodeId, request)
                .map(updated -> updated.pending() == null
                        ? RestResponse.ok(updated)
                        : RestResponse.status(RestResponse.Status.ACCEPTED, updated));
    }

    @DELETE
    @Path("/{episode_id}")
    @Operation(
            operationId = "deleteEpisode",
            summary = "Delete an episode",
            description = "From PostgreSQL, short-term memory (its session's summary is rebuilt), the vector index and"
                    + " the profile's evidence, before answering 200; 202 with a status URL when a store is still to"
                    + " be reached.")
    @APIResponse(responseCode = "200", description = "Deleted from every store.")
    @APIResponse(responseCode = "202", description = "Deleted from PostgreSQL; derived stores follow (see Location).")
    @APIResponse(
            responseCode = "404",
            description = "The user has no episode with this id.",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public Uni<RestResponse<DeletionView>> delete(
            @RestPath("episode_id") String episodeId, @Parameter(required = true) @RestQuery("user_id") String userId) {
        return episodes.deleteEpisode(caller.project(), userId, episodeId).map(Deletions::answer);
    }
}
