package dev.engram.gateway.console;

import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * The memory console is static files under {@code /console/} (from the engram-console jar's META-INF/resources),
 * served by Quarkus with {@code index.html} as the folder's page; an address without the trailing slash is sent
 * there, as people type it.
 */
@ApplicationScoped
public class ConsoleRoute {

    static final String ROOT = "/console/";

    void register(@Observes Router router) {
        // A route for "/console" also matches "/console/", which must go on to the static files.
        router.get("/console").handler(routing -> {
            if (routing.request().path().equals("/console")) {
                routing.response()
                        .setStatusCode(301)
                        .putHeader("Location", ROOT)
                        .end();
            } else {
                routing.next();
            }
        });
    }
}
