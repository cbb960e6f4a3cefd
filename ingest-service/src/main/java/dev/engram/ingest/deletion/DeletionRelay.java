package dev.engram.ingest.deletion;

import dev.engram.ingest.background.ExclusiveRun;
import dev.engram.ingest.background.Repeat;
import dev.engram.ingest.config.DeletionConfig;
import dev.engram.ingest.model.PurgeTask;
import dev.engram.ingest.store.PurgeRepository;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Finishes deletions in the background: purges that a deletion could not do in time (a store was
 * down or slow), purges whose request died before doing them (their lease runs out), and purges of
 * episodes deleted while the outbox delivered them. Claims due purges under a lease, so replicas
 * share the work, and retries each with backoff until its store has been purged.
 */
@ApplicationScoped
public class DeletionRelay {

    private static final Logger LOG = Logger.getLogger(DeletionRelay.class);

    private final PurgeRepository purges;
    private final Purges stores;
    private final DeletionConfig config;
    // Scheduled runs and nudges share one run; a nudge during a run asks for one more pass.
    private final ExclusiveRun run;

    DeletionRelay(PurgeRepository purges, Purges stores, DeletionConfig config, Vertx vertx) {
        this.purges = purges;
        this.stores = stores;
        this.config = config;
        this.run = new ExclusiveRun(
                vertx,
                this::drain,
                failure -> LOG.warnf("deletion relay could not use the database: %s", failure.getMessage()));
    }

    @Scheduled(
            identity = "deletion-relay",
            every = "${engram.deletion.interval}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> relay() {
        return run.run();
    }

    /** Starts a run now, or right after the one in progress, without waiting for it. */
    public void nudge() {
        run.nudge();
    }

    /** Purges batch after batch while they come back full. */
    private Uni<Void> drain() {
        return Repeat.whileTrue(() -> purges.claim(config.batchSize(), config.lease())
                .chain(batch -> runAll(batch).replaceWith(batch.size() >= config.batchSize())));
    }

    // One after the other: the run's Hibernate session is not concurrent.
    private Uni<Void> runAll(List<PurgeTask> batch) {
        Uni<Boolean> done = Uni.createFrom().item(true);
        for (PurgeTask task : batch) {
            done = done.chain(() -> stores.run(task));
        }
        return done.replaceWithVoid();
    }
}
