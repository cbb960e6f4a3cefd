package dev.engram.ingest.background;

import io.quarkus.vertx.core.runtime.context.VertxContextSafetyToggle;
import io.smallrye.common.vertx.VertxContext;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A background job that never runs twice at once: a start requested while it runs makes it run once
 * more right after, so work that arrived meanwhile is never left for the next scheduled sweep.
 */
public final class ExclusiveRun {

    private final Vertx vertx;
    private final Supplier<Uni<Void>> job;
    private final Consumer<Throwable> onFailure;
    private final AtomicBoolean running = new AtomicBoolean();
    private final AtomicBoolean rerun = new AtomicBoolean();

    /** @param onFailure told of a run that failed; the next run starts afresh */
    public ExclusiveRun(Vertx vertx, Supplier<Uni<Void>> job, Consumer<Throwable> onFailure) {
        this.vertx = vertx;
        this.job = job;
        this.onFailure = onFailure;
    }

    /** Starts a run now, or right after the one in progress, without waiting for it. */
    public void nudge() {
        // A fresh duplicated context, flagged safe as Panache demands: the run gets a Hibernate
        // session of its own, apart from the caller's request.
        Context context = VertxContext.createNewDuplicatedContext(vertx.getOrCreateContext());
        VertxContextSafetyToggle.setContextSafe(context, true);
        context.runOnContext(ignored -> run().subscribe().with(done -> {}, failure -> {}));
    }

    /** Runs the job unless it is running; completes when this run (and any re-run) is over. */
    public Uni<Void> run() {
        if (!running.compareAndSet(false, true)) {
            rerun.set(true);
            return Uni.createFrom().voidItem();
        }
        // Each run is a round of a loop, not a run chained onto the last: under steady traffic every run is asked
        // for again while it runs, and a chain would grow by one stage per run for as long as the service is up.
        return Repeat.whileTrue(() -> once().map(ignored -> again()))
                .onCancellation()
                .invoke(() -> running.set(false));
    }

    private Uni<Void> once() {
        return Uni.createFrom().<Void>deferred(job::get).onFailure().recoverWithItem(failure -> {
            onFailure.accept(failure);
            return null;
        });
    }

    /**
     * After a run: lets the job go, then takes it again when a start was asked for meanwhile (unless a start that
     * came after the release already took it; that run does the work).
     */
    private boolean again() {
        running.set(false);
        return rerun.getAndSet(false) && running.compareAndSet(false, true);
    }
}
