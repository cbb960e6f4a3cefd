package dev.engram.profile.testing;

import dev.engram.profile.service.ExtractionWorker;
import io.quarkus.vertx.VertxContextSupport;

/** Drives the extraction worker from a test thread, on a Vert.x context as the scheduler would. */
public final class Worker {

    private Worker() {}

    /** Works off every due batch; returns how many were written. */
    public static int drain(ExtractionWorker worker) {
        try {
            return VertxContextSupport.subscribeAndAwait(worker::drain);
        } catch (Throwable e) {
            throw new AssertionError("extraction failed", e);
        }
    }
}
