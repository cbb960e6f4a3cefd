package dev.engram.gateway.security;

import io.quarkus.vertx.http.runtime.CurrentVertxRequest;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;

/** The caller of the request being served, for the resources; the project always comes from here. */
@ApplicationScoped
public class CurrentCaller {

    private final CurrentVertxRequest request;

    public CurrentCaller(CurrentVertxRequest request) {
        this.request = request;
    }

    public Caller get() {
        return AuthenticationRoute.caller(request.getCurrent());
    }

    /** The caller, when the current request passed authentication (an MCP tool call's may not be known). */
    public Optional<Caller> find() {
        return AuthenticationRoute.callerOf(request.getCurrent());
    }

    /** The project of the request: the key's, or the configured one while authentication is off. */
    public String project() {
        return get().project();
    }
}
