package dev.engram.gateway.api;

import dev.engram.gateway.model.Problem;
import dev.engram.gateway.model.ProfileEntryInput;
import dev.engram.gateway.model.ProfileView;
import dev.engram.gateway.model.PutProfileEntryResponse;
import dev.engram.gateway.security.CurrentCaller;
import dev.engram.gateway.service.ProfileService;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
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
import org.jboss.resteasy.reactive.ResponseStatus;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;
import org.jboss.resteasy.reactive.RestResponse;

/** The profile endpoints of API version 1. */
@Path("/v1/users/{user_id}/profile")
@Produces(MediaType.APPLICATION_JSON)
@Tag(
        name = "Profile",
        description = "What is known about the people in a user's memory, as versioned entries with evidence.")
@APIResponse(
        responseCode = "400",
        description = "Invalid input; every invalid field is listed.",
        content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
@APIResponse(
        responseCode = "503",
        description = "A service behind the gateway is unavailable; retry after the Retry-After delay.",
        content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
public class ProfileResource {

    private final ProfileService profiles;
    private final CurrentCaller caller;

    public ProfileResource(ProfileService profiles, CurrentCaller caller) {
        this.profiles = profiles;
        this.caller = caller;
    }

    @GET
    @Operation(
            operationId = "getProfile",
            summary = "Profile of a user",
            description = "The entries that hold now, or at the time given by 'at', in subject, tag and feature order.")
    @APIResponse(responseCode = "200", description = "The entries; none for an unknown user.")
    public Uni<ProfileView> profile(
            @RestPath("user_id") String userId,
            @Parameter(
                            description = "What held at this time: ISO-8601 with offset, or a date for the start of"
                                    + " that day in UTC. Now when absent.",
                            schema = @Schema(type = SchemaType.STRING, examples = "2023-05-08T13:56:00Z"))
                    @RestQuery("at")
                    String at,
            @Parameter(description = "Only the entries about this person.") @RestQuery("subject") String subject,
            @Parameter(
                            description = "At most this many entries (1-1000); all when absent.",
                            schema = @Schema(type = SchemaType.INTEGER, minimum = "1", maximum = "1000"))
                    @RestQuery("limit")
                    String limit) {
        return profiles.profile(caller.project(), userId, at, subject, limit);
    }

    @GET
    @Path("/history")
    @Operation(
            operationId = "getProfileHistory",
            summary = "History of a user's profile",
            description = "Every version of every entry, current, replaced and retired, oldest first per feature.")
    @APIResponse(responseCode = "200", description = "The versions; none for an unknown user.")
    public Uni<ProfileView> history(
            @RestPath("user_id") String userId,
            @RestQuery("subject") String subject,
            @RestQuery("tag") String tag,
            @RestQuery("feature") String feature) {
        return profiles.history(caller.project(), userId, subject, tag, feature);
    }

    @PUT
    @Path("/{entry_id}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(
            operationId = "putProfileEntry",
            summary = "Set a profile entry by hand",
            description = "An unknown id creates the entry under that id. The id of a current entry records a new"
                    + " version under a new id and closes the old one at the new valid_from; the same content again"
                    + " changes nothing. Unknown fields are rejected.")
    @APIResponse(responseCode = "201", description = "The entry was created.")
    @APIResponse(responseCode = "200", description = "A new version was recorded (see replaced), or nothing changed.")
    @APIResponse(
            responseCode = "409",
            description = "The entry was replaced or retired: only the current version of a feature can be edited.",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public Uni<RestResponse<PutProfileEntryResponse>> put(
            @RestPath("user_id") String userId,
            @Parameter(description = "A UUID.") @RestPath("entry_id") String entryId,
            ProfileEntryInput entry) {
        return profiles.put(caller.project(), userId, entryId, entry)
                .map(written -> RestResponse.status(
                        written.created() ? RestResponse.Status.CREATED : RestResponse.Status.OK, written));
    }

    @DELETE
    @Path("/{entry_id}")
    @ResponseStatus(204)
    @Operation(
            operationId = "deleteProfileEntry",
            summary = "Delete a profile entry",
            description = "Deletes this version of the entry for good; other versions stay in the history.")
    @APIResponse(responseCode = "204", description = "Deleted.")
    @APIResponse(
            responseCode = "404",
            description = "The user has no entry with this id.",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public Uni<Void> delete(
            @RestPath("user_id") String userId,
            @Parameter(description = "A UUID.") @RestPath("entry_id") String entryId) {
        return profiles.delete(caller.project(), userId, entryId);
    }
}
