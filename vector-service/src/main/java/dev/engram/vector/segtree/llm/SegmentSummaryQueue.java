package dev.engram.vector.segtree.llm;

import dev.engram.vector.config.LlmConfig;
import dev.engram.vector.config.VectorConfig;
import dev.engram.vector.llm.LlmWorker;
import dev.engram.vector.model.EpisodeUnits;
import dev.engram.vector.model.SourceEpisode;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.atomic.AtomicLong;
import org.jboss.logging.Logger;

/**
 * Hands sessions whose episodes were indexed to the LLM that summarizes their segments, off the indexing path
 * and one session at a time. A session already waiting is not queued twice: its run reads the tree as it is
 * then, new episodes included. Whatever goes wrong (a timeout, an error, an answer that is not a summary list,
 * a full queue, a restart) leaves the session with the summaries it had, and searches score its nodes by their
 * mean embeddings; its next write, or a reindex, asks again.
 */
@ApplicationScoped
public class SegmentSummaryQueue {

    private static final Logger LOG = Logger.getLogger(SegmentSummaryQueue.class);

    private record Session(String project, String userId, String sessionId) {}

    private final SegmentSummaryWriter writer;
    private final MeterRegistry registry;
    private final boolean active;
    private final ThreadPoolExecutor executor;
    private final Set<Session> waiting = ConcurrentHashMap.newKeySet();
    private final AtomicLong settled = new AtomicLong();

    SegmentSummaryQueue(SegmentSummaryWriter writer, LlmConfig llm, VectorConfig config, MeterRegistry registry) {
        this.writer = writer;
        this.registry = registry;
        this.active = llm.enabled() && config.segtree().llm().enabled();
        this.executor =
                LlmWorker.start("engram-llm-segments", config.segtree().llm().queue());
    }

    /** Whether segments are summarized at all. */
    public boolean active() {
        return active;
    }

    /** Session runs ended (written, unchanged, failed or dropped) since start: what tests and probes wait for. */
    public long settled() {
        return settled.get();
    }

    /** Queues each session the indexed episodes belong to, unless it is already waiting. */
    public void offer(List<EpisodeUnits> indexed) {
        if (!active) {
            return;
        }
        Set<Session> sessions = new LinkedHashSet<>();
        for (EpisodeUnits units : indexed) {
            SourceEpisode episode = units.episode();
            sessions.add(new Session(episode.project(), episode.userId(), episode.sessionId()));
        }
        sessions.forEach(this::offer);
    }

    /** Queues one session of a user, unless it is already waiting. */
    public void offer(String project, String userId, String sessionId) {
        if (active) {
            offer(new Session(project, userId, sessionId));
        }
    }

    private void offer(Session session) {
        if (!waiting.add(session)) {
            return;
        }
        try {
            executor.execute(() -> summarize(session));
        } catch (RejectedExecutionException e) {
            waiting.remove(session);
            count("dropped");
            settled.incrementAndGet();
        }
    }

    private void summarize(Session session) {
        // Leaves the waiting set before reading the tree, so that a write from now on queues it again.
        waiting.remove(session);
        try {
            SegmentSummaryWriter.Outcome outcome =
                    writer.write(session.project(), session.userId(), session.sessionId());
            count(outcome.changed() ? "written" : "unchanged");
            segments("written", outcome.written());
            segments("unanswered", outcome.unanswered());
        } catch (RuntimeException e) {
            // The session keeps the summaries it had; its episodes were never at stake.
            LOG.warnf("the LLM did not summarize the segments of a session, they keep what they had: %s", e);
            count("fallback");
        } finally {
            settled.incrementAndGet();
        }
    }

    private void segments(String outcome, int n) {
        Counter.builder("engram.vector.segtree.summaries.segments")
                .description("Segments the LLM was asked to summarize: written, or unanswered (no usable summary)")
                .tag("outcome", outcome)
                .register(registry)
                .increment(n);
    }

    private void count(String outcome) {
        Counter.builder("engram.vector.segtree.summaries.runs")
                .description("Sessions whose segments the LLM was asked to summarize, by outcome")
                .tag("outcome", outcome)
                .register(registry)
                .increment();
    }

    @PreDestroy
    void stop() {
        executor.shutdownNow();
    }
}
