package dev.engram.gateway.api;

import dev.engram.gateway.model.DeletionView;
import dev.engram.gateway.model.Problem;
import dev.engram.gateway.model.SessionPage;
import dev.engram.gateway.model.UserPage;
import dev.engram.gateway.security.CurrentCaller;
import dev.engram.gateway.service.EpisodeService;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
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

/** The project's users and their sessions; forgetting a whole user, and following a deletion under way. */
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

    @GET
    @Path("/users")
    @Tag(name = "Users")
    @Operation(
            operationId = "listUsers",
            summary = "List users",
            description = "The project's users that have episodes, in id order, with how many episodes each has "
                    + "stored, searchable and still to index, a page at a time.")
    @APIResponse(responseCode = "200", description = "One page; follow next_cursor for the next.")
    public Uni<UserPage> users(
            @Parameter(description = "next_cursor of the previous page.") @RestQuery("cursor") String cursor,
            @Parameter(
                            description = "1-1000, default 100.",
                            schema = @Schema(type = SchemaType.INTEGER, minimum = "1", maximum = "1000"))
                    @RestQuery("limit")
                    String limit) {
        return episodes.users(caller.project(), cursor, limit);
    }

    @GET
    @Path("/users/{user_id}/sessions")
    @Tag(name = "Users")
    @Operation(
            operationId = "listSessions",
            summary = "List a user's sessions",
            description = "The user's sessions in id order, with how many episodes each holds and the times of "
                    + "its first and last, a page at a time. An unknown user has none.")
    @APIResponse(responseCode = "200", description = "One page; follow next_cursor for the next.")
    public Uni<SessionPage> sessions(
            @RestPath("user_id") String userId,
            @Parameter(description = "Only this agent's episodes.") @RestQuery("agent_id") String agentId,
            @Parameter(description = "next_cursor of the previous page.") @RestQuery("cursor") String cursor,
            @Parameter(
                            description = "1-1000, default 100.",
                            schema = @Schema(type = SchemaType.INTEGER, minimum = "1", maximum = "1000"))
                    @RestQuery("limit")
                    String limit) {
        return episodes.sessions(caller.project(), userId, agentId, cursor, limit);
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
