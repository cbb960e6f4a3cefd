package dev.engram.gateway.api;

import dev.engram.gateway.config.AuthConfig;
import dev.engram.gateway.model.CallerView;
import dev.engram.gateway.security.Caller;
import dev.engram.gateway.security.CurrentCaller;
import dev.engram.gateway.security.Scope;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Arrays;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Who the request is made as: any valid key may ask, so that a client offers only what the key may do. */
@Path("/v1/me")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Users")
public class CallerResource {

    private final CurrentCaller caller;
    private final AuthConfig auth;

    public CallerResource(CurrentCaller caller, AuthConfig auth) {
        this.caller = caller;
        this.auth = auth;
    }

    @GET
    @Operation(
            operationId = "getCaller",
            summary = "Who am I",
            description = "The key's project, id and scopes, and whether authentication is on. Needs no scope.")
    @APIResponse(responseCode = "200", description = "The caller.")
    public CallerView me() {
        Caller current = caller.get();
        return new CallerView(
                current.project(),
                current.keyId(),
                Arrays.stream(Scope.values())
                        .filter(current::has)
                        .map(Scope::wireName)
                        .toList(),
                auth.enabled());
    }
}
