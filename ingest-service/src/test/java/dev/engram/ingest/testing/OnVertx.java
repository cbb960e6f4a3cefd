package dev.engram.ingest.testing;

import io.quarkus.vertx.core.runtime.context.VertxContextSafetyToggle;
import io.smallrye.common.vertx.VertxContext;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/** Runs reactive store calls from a test thread the way the application does: on a Vert.x context. */
public final class OnVertx {

    private OnVertx() {}

    public static <T> CompletableFuture<T> start(Vertx vertx, Supplier<Uni<T>> work) {
        Context context = VertxContext.createNewDuplicatedContext(vertx.getOrCreateContext());
        VertxContextSafetyToggle.setContextSafe(context, true);
        CompletableFuture<T> result = new CompletableFuture<>();
        context.runOnContext(ignored -> work.get().subscribe().with(result::complete, result::completeExceptionally));
        return result;
    }
}
