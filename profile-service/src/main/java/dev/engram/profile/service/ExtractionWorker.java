package dev.engram.profile.service;

import dev.engram.profile.config.ProfileConfig;
import dev.engram.profile.model.ClaimedBatch;
import dev.engram.profile.model.CommandOutcome;
import dev.engram.profile.store.ProfileEntryRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.HashSet;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Works off due extraction batches: claim a user's due episodes, extract commands (LLM or rules),
 * validate them one by one, write them. Any number of replicas run this at once; the claim keeps
 * their batches apart and {@link ProfileWriter} makes a redone batch harmless.
 */
@ApplicationScoped
public class ExtractionWorker {

    private static final Logger LOG = Logger.getLogger(ExtractionWorker.class);
    // One poll works off at most this many batches, so a large backlog does not pin the scheduler.
    private static final int MAX_BATCHES_PER_POLL = 100;

    private final ExtractionQueue queue;
    private final ProfileEntryRepository entries;
    private final ProfileExtractor extractor;
    private final ProfileWriter writer;
    private final ProfileMetrics metrics;
    private final ProfileConfig config;

    ExtractionWorker(
            ExtractionQueue queue,
            ProfileEntryRepository entries,
            ProfileExtractor extractor,
            ProfileWriter writer,
            ProfileMetrics metrics,
            ProfileConfig config) {
        this.queue = queue;
        this.entries = entries;
        this.extractor = extractor;
        this.writer = writer;
        this.metrics = metrics;
        this.config = config;
    }

    @Scheduled(
            identity = "profile-extraction",
            every = "${engram.profile.poll-interval}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> poll() {
        return drain().replaceWithVoid().onFailure().recoverWithItem(failure -> {
            LOG.warnf("profile extraction stopped for this round: %s", failure.getMessage());
            return null;
        });
    }

    /** Works off due batches until none is left (or the per-poll cap); emits how many were written. */
    public Uni<Integer> drain() {
        return drain(0);
    }

    private Uni<Integer> drain(int done) {
        if (done >= MAX_BATCHES_PER_POLL) {
            return Uni.createFrom().item(done);
        }
        return runOnce().chain(ran -> ran ? drain(done + 1) : Uni.createFrom().item(done));
    }

    /** Claims and works off one due batch; emits false when nothing was due. */
    public Uni<Boolean> runOnce() {
        return queue.claim()
                .chain(claimed -> claimed.isEmpty()
                        ? Uni.createFrom().item(false)
                        : process(claimed.get()).replaceWith(true));
    }

    /** Extracts and writes a batch this worker holds. */
    public Uni<CommandOutcome> process(ClaimedBatch batch) {
        List<String> tags = config.tagsOf(batch.project());
        return Panache.withSession(() -> entries.current(batch.project(), batch.userId()))
                .chain(current -> extractor.extract(batch, tags, current).chain(extraction -> {
                    CommandValidator.Checked checked = CommandValidator.check(
                            extraction.commands(), tags, new HashSet<>(batch.episodeIds()), current);
                    int rejected = checked.rejections().size() + extraction.unreadable();
                    if (rejected > 0) {
                        LOG.debugf(
                                "rejected %d extraction commands for user %s: %s",
                                rejected, batch.userId(), checked.rejections());
                        metrics.rejected(rejected);
                    }
                    return writer.write(batch, checked.accepted(), extraction.source())
                            .invoke(outcome -> {
                                metrics.extraction(
                                        extraction.source(), batch.episodes().size());
                                metrics.applied(outcome);
                            });
                }))
                .onFailure(LeaseLostException.class)
                .recoverWithItem(lost -> {
                    metrics.leaseLost();
                    LOG.infof("%s; its result is dropped", lost.getMessage());
                    return CommandOutcome.NONE;
                });
    }
}
