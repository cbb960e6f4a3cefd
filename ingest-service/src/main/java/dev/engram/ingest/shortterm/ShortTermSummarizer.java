package dev.engram.ingest.shortterm;

import dev.engram.ingest.background.ExclusiveRun;
import dev.engram.ingest.background.Repeat;
import dev.engram.ingest.config.ShortTermConfig;
import dev.engram.ingest.model.ShortTermClaim;
import dev.engram.ingest.model.SummaryRound;
import dev.engram.ingest.store.ShortTermRepository;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * Keeps short-term summaries up with their sessions, in the background. Adding episodes marks the
 * session's memories due in the adding transaction and then starts a run; a periodic sweep picks up
 * whatever a run missed: work left by a restart, or by a summarizer whose lease ran out. A run leases
 * one due memory at a time (so replicas never summarize the same one at once), plans a round,
 * summarizes it with no transaction open, and stores the result only while the lease is still its
 * own. A round that fails keeps its lease until it runs out, which paces the retries.
 */
@ApplicationScoped
public class ShortTermSummarizer {

    private static final Logger LOG = Logger.getLogger(ShortTermSummarizer.class);

    private final ShortTermRepository rows;
    private final SummaryRounds rounds;
    private final SummaryWriter writer;
    private final ShortTermConfig config;
    // Sweeps and nudges share one run; a nudge during a run asks for one more pass.
    private final ExclusiveRun run;

    ShortTermSummarizer(
            ShortTermRepository rows, SummaryRounds rounds, SummaryWriter writer, ShortTermConfig config, Vertx vertx) {
        this.rows = rows;
        this.rounds = rounds;
        this.writer = writer;
        this.config = config;
        this.run = new ExclusiveRun(
                vertx,
                this::drain,
                failure -> LOG.warnf("short-term summarizer could not use the database: %s", failure.getMessage()));
    }

    @Scheduled(
            identity = "short-term-summarizer",
            every = "${engram.short-term.interval}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> sweep() {
        return run.run();
    }

    /** Starts a run now, or right after the one in progress, without waiting for it. */
    public void nudge() {
        run.nudge();
    }

    /** Works off due memories one at a time until none is left that is not leased. */
    private Uni<Void> drain() {
        return Repeat.whileTrue(() -> rows.claim(
                        1, config.lease(), UUID.randomUUID().toString())
                .chain(claims -> claims.isEmpty()
                        ? Uni.createFrom().item(false)
                        : summarize(claims.get(0)).replaceWith(true)));
    }

    private Uni<Void> summarize(ShortTermClaim claim) {
        return rounds.plan(claim)
                .chain(round -> round.hasWork()
                        ? writer.write(round.previousSummary(), round.evicted())
                                .chain(summary -> rounds.record(round, summary))
                                .invoke(stored -> reportLostLease(stored, round))
                        : rounds.record(round, null))
                .replaceWithVoid()
                .onFailure()
                .recoverWithItem(failure -> {
                    LOG.warnf(
                            failure,
                            "short-term summary of session %s failed; retried once its lease of %s runs out",
                            claim.key().sessionId(),
                            config.lease());
                    return null;
                });
    }

    private static void reportLostLease(boolean stored, SummaryRound round) {
        if (!stored) {
            LOG.debugf(
                    "short-term summary of session %s dropped: its lease ran out and another summarizer took it",
                    round.claim().key().sessionId());
        }
    }
}
