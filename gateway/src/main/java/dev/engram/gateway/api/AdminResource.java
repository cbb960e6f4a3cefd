package dev.engram.gateway.api;

import dev.engram.gateway.model.ApiKeyView;
import dev.engram.gateway.model.CreateApiKeyRequest;
import dev.engram.gateway.model.CreateProjectRequest;
import dev.engram.gateway.model.Problem;
import dev.engram.gateway.model.ProjectView;
import dev.engram.gateway.model.ReindexRequest;
import dev.engram.gateway.model.ReindexResponse;
import dev.engram.gateway.security.CurrentCaller;
import dev.engram.gateway.service.AdminService;
import dev.engram.gateway.service.ReindexService;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.ResponseStatus;
import org.jboss.resteasy.reactive.RestPath;

/** Projects, API keys and index maintenance; every endpoint needs a key with the {@code admin} scope. */
@Path("/v1/admin")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Administration", description = "Projects, API keys, reindexing.")
@APIResponse(
        responseCode = "400",
        description = "Invalid input; every invalid field is listed.",
        content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
@APIResponse(
        responseCode = "401",
        description = "No valid API key.",
        content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
@APIResponse(
        responseCode = "403",
        description = "The key may not administer this project.",
        content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
public class AdminResource {

    private final AdminService admin;
    private final ReindexService reindexing;
    private final CurrentCaller caller;

    public AdminResource(AdminService admin, ReindexService reindexing, CurrentCaller caller) {
        this.admin = admin;
        this.reindexing = reindexing;
        this.caller = caller;
    }

    @POST
    @Path("/projects")
    @Consumes(MediaType.APPLICATION_JSON)
    @ResponseStatus(201)
    @Operation(
            operationId = "createProject",
            summary = "Create a project",
            description = "Only the bootstrap admin key creates projects.")
    @APIResponse(
            responseCode = "201",
            description = "Created.",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = ProjectView.class)))
    @APIResponse(
            responseCode = "409",
            description = "The id is taken.",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public Uni<ProjectView> createProject(CreateProjectRequest request) {
        return admin.createProject(caller.get(), request);
    }

    @GET
    @Path("/projects")
    @Operation(
            operationId = "listProjects",
            summary = "List projects",
            description = "Only for the bootstrap admin key.")
    public Uni<List<ProjectView>> listProjects() {
        return admin.listProjects(caller.get());
    }

    @POST
    @Path("/projects/{project_id}/keys")
    @Consumes(MediaType.APPLICATION_JSON)
    @ResponseStatus(201)
    @Operation(
            operationId = "createApiKey",
            summary = "Create an API key",
            description = "The answer carries the key itself ('key'), this once; only its salted hash is stored.")
    @APIResponse(
            responseCode = "201",
            description = "Created; keep 'key', it cannot be shown again.",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = ApiKeyView.class)))
    public Uni<ApiKeyView> createKey(@RestPath("project_id") String project, CreateApiKeyRequest request) {
        return admin.createKey(caller.get(), project, request);
    }

    @GET
    @Path("/projects/{project_id}/keys")
    @Operation(
            operationId = "listApiKeys",
            summary = "List a project's API keys",
            description = "Without their secrets; revoked ones too.")
    public Uni<List<ApiKeyView>> listKeys(@RestPath("project_id") String project) {
        return admin.listKeys(caller.get(), project);
    }

    @DELETE
    @Path("/projects/{project_id}/keys/{key_id}")
    @ResponseStatus(204)
    @Operation(
            operationId = "revokeApiKey",
            summary = "Revoke an API key",
            description = "Takes effect on the next request, on every replica.")
    @APIResponse(responseCode = "204", description = "Revoked.")
    public Uni<Void> revokeKey(@RestPath("project_id") String project, @RestPath("key_id") String keyId) {
        return admin.revokeKey(caller.get(), project, keyId);
    }

    @POST
    @Path("/reindex")
    @Consumes(MediaType.APPLICATION_JSON)
    @ResponseStatus(202)
    @Operation(
            operationId = "reindex",
            summary = "Rebuild the vector index",
            description = "Queues every stored episode of the project for indexing again (after a change of embedding"
                    + " model or store). Searches keep working meanwhile; /v1/memories/status shows the progress.")
    @APIResponse(
            responseCode = "202",
            description = "Queued.",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = ReindexResponse.class)))
    public Uni<ReindexResponse> reindex(ReindexRequest request) {
        return reindexing.reindex(caller.get(), request);
    }
}
