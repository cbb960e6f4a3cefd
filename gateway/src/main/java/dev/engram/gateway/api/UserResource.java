package dev.engram.gateway.api;

import dev.engram.gateway.model.DeletionView;
import dev.engram.gateway.model.Problem;
import dev.engram.gateway.security.CurrentCaller;
import dev.engram.gateway.service.EpisodeService;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestResponse;

/** Forgetting a whole user, and following a deletion that is still under way. */
@Path("/v1")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Deletion", description = "Deletion that reaches every store.")
@APIResponse(
        responseCode = "400",
        description = "Invalid input; every invalid field is listed.",
        content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
public class UserResource {

    private final EpisodeService episodes;
    private final CurrentCaller caller;

    public UserResource(EpisodeService episodes, CurrentCaller caller) {
        this.episodes = episodes;
        this.caller = caller;
    }

    @DELETE
    @Path("/users/{user_id}")
    @Operation(
            operationId = "deleteUser",
            summary = "Delete a user",
            description = "Every episode, session, short-term summary, index entry and profile entry of the user.")
    @APIResponse(responseCode = "200", description = "Deleted from every store (also when there was nothing).")
    @APIResponse(responseCode = "202", description = "Deleted from PostgreSQL; derived stores follow (see Location).")
    public Uni<RestResponse<DeletionView>> deleteUser(@RestPath("user_id") String userId) {
        return episodes.deleteUser(caller.project(), userId).map(Deletions::answer);
    }

    @GET
    @Path("/deletions/{deletion_id}")
    @Operation(
            operationId = "getDeletion",
            summary = "Follow a deletion",
            description = "complete once every store is purged.")
    @APIResponse(responseCode = "200", description = "The deletion's state.")
    @APIResponse(
            responseCode = "404",
            description = "No such deletion in this project.",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public Uni<DeletionView> deletion(@RestPath("deletion_id") String deletionId) {
        return episodes.deletion(caller.project(), deletionId);
    }
}
