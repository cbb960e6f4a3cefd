package dev.engram.vector.facts.llm;

import dev.engram.vector.config.LlmConfig;
import dev.engram.vector.config.VectorConfig;
import dev.engram.vector.llm.LlmWorker;
import dev.engram.vector.model.EpisodeUnits;
import dev.engram.vector.model.SourceEpisode;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.atomic.AtomicLong;
import org.jboss.logging.Logger;

/**
 * Hands indexed episodes to the LLM that writes their facts, one session's batch at a time, off the indexing
 * path: the episodes and the rules' facts are searchable as soon as they are indexed, and the LLM's facts
 * replace the rules' when it answers. Whatever goes wrong (a timeout, an error, an answer that is not a fact
 * list, a full queue, a restart before the LLM answered) leaves the rules' facts in place; a reindex asks the
 * LLM again. One batch is written at a time, so that two batches of a user never update the same fact at once.
 */
@ApplicationScoped
public class LlmFactQueue {

    private static final Logger LOG = Logger.getLogger(LlmFactQueue.class);

    private final LlmFactWriter writer;
    private final LlmFacts metrics;
    private final boolean active;
    private final int messagesPerCall;
    private final ThreadPoolExecutor executor;
    private final AtomicLong settled = new AtomicLong();

    LlmFactQueue(LlmFactWriter writer, LlmConfig llm, VectorConfig config, MeterRegistry registry) {
        this.writer = writer;
        this.metrics = new LlmFacts(registry);
        this.active =
                llm.enabled() && config.graph().facts() && config.graph().llm().enabled();
        this.messagesPerCall = config.graph().llm().messagesPerCall();
        this.executor = LlmWorker.start("engram-llm-facts", config.graph().llm().queue());
    }

    /** Whether facts are written by the LLM at all. */
    public boolean active() {
        return active;
    }

    /** Batches whose LLM facts were written or given up on since start: what tests and probes wait for. */
    public long settled() {
        return settled.get();
    }

    /** Queues the newly indexed episodes, per user and session, in calls of bounded size. */
    public void offer(List<EpisodeUnits> indexed) {
        if (!active) {
            return;
        }
        Map<List<String>, List<EpisodeUnits>> bySession = new LinkedHashMap<>();
        for (EpisodeUnits units : indexed) {
            SourceEpisode episode = units.episode();
            bySession
                    .computeIfAbsent(
                            List.of(episode.project(), episode.userId(), episode.sessionId()), key -> new ArrayList<>())
                    .add(units);
        }
        for (List<EpisodeUnits> session : bySession.values()) {
            for (int from = 0; from < session.size(); from += messagesPerCall) {
                submit(session.subList(from, Math.min(session.size(), from + messagesPerCall)));
            }
        }
    }

    private void submit(List<EpisodeUnits> batch) {
        List<EpisodeUnits> episodes = List.copyOf(batch);
        try {
            executor.execute(() -> write(episodes));
        } catch (RejectedExecutionException e) {
            metrics.batch("dropped");
            settled.incrementAndGet();
        }
    }

    private void write(List<EpisodeUnits> batch) {
        try {
            LlmFactWriter.Outcome outcome = writer.write(
                    batch.stream().map(EpisodeUnits::episode).toList(),
                    batch.stream().flatMap(units -> units.facts().stream()).toList());
            metrics.batch("written");
            metrics.decisions(outcome);
        } catch (RuntimeException e) {
            // The rules' facts stay; the episodes were never at stake.
            LOG.warnf("the LLM did not write the facts of %d episodes, the rules' facts stay: %s", batch.size(), e);
            metrics.batch("fallback");
        } finally {
            settled.incrementAndGet();
        }
    }

    @PreDestroy
    void stop() {
        executor.shutdownNow();
    }
}
