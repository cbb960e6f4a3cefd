package dev.engram.ingest.background;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import java.util.function.Supplier;

/**
 * Repeats an asynchronous step in a loop. A step that chains the next one onto itself nests one more stage per
 * round, and every stage keeps what it captured (a delivered batch's episodes, say) until the last round is over:
 * a relay draining a backlog of hundreds of thousands of episodes held them all. Here each round is a new
 * subscription, and nothing of a finished round stays reachable.
 */
public final class Repeat {

    private Repeat() {}

    /** Runs {@code step} again and again while it emits true; completes after it emits false, fails when it fails. */
    public static Uni<Void> whileTrue(Supplier<? extends Uni<? extends Boolean>> step) {
        return Multi.createBy()
                .repeating()
                .<Boolean>uni(step::get)
                .whilst(again -> again)
                .onItem()
                .ignoreAsUni();
    }
}
