package dev.engram.ingest.shortterm;

import dev.engram.ingest.client.LlmSummaryClient;
import dev.engram.ingest.config.LlmConfig;
import dev.engram.ingest.config.ShortTermConfig;
import dev.engram.ingest.model.StoredEpisode;
import dev.engram.ingest.model.WrittenSummary;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import org.jboss.logging.Logger;

/**
 * Rolls a summary forward over the episodes that left the window: by the LLM when one is configured,
 * else extractively. A failed LLM call costs nothing but quality: that round is summarized
 * extractively, logged and counted in {@code engram_short_term_llm_failures_total}, and the window is
 * never held back. Every summary is capped at {@code engram.short-term.summary-chars}.
 */
@ApplicationScoped
public class SummaryWriter {

    private static final Logger LOG = Logger.getLogger(SummaryWriter.class);

    private final LlmSummaryClient llm;
    private final boolean llmEnabled;
    private final int maxChars;
    private final Counter llmFailures;
    private final Counter byLlm;
    private final Counter extractive;
    // An outage fails every call; only its start and its end are worth a log line each.
    private final AtomicBoolean failing = new AtomicBoolean();

    SummaryWriter(LlmSummaryClient llm, LlmConfig llmConfig, ShortTermConfig config, MeterRegistry registry) {
        this.llm = llm;
        this.llmEnabled = llmConfig.enabled();
        this.maxChars = config.summaryChars();
        this.llmFailures = Counter.builder("engram.short_term.llm.failures")
                .description("LLM summary calls that failed and were replaced by an extractive summary")
                .register(registry);
        this.byLlm = summaries(registry, WrittenSummary.LLM);
        this.extractive = summaries(registry, WrittenSummary.EXTRACTIVE);
    }

    private static Counter summaries(MeterRegistry registry, String writer) {
        return Counter.builder("engram.short_term.summaries")
                .description("Short-term summary rounds written")
                .tag("writer", writer)
                .register(registry);
    }

    /** The summary of {@code previousSummary} followed by {@code evicted} (oldest first). */
    public Uni<WrittenSummary> write(String previousSummary, List<StoredEpisode> evicted) {
        if (!llmEnabled) {
            return Uni.createFrom().item(() -> extractive(previousSummary, evicted));
        }
        return llm.summarize(previousSummary.isEmpty() ? "(none)" : previousSummary, transcript(evicted), maxChars)
                .map(answer -> {
                    if (failing.compareAndSet(true, false)) {
                        LOG.info("the LLM writes short-term summaries again");
                    }
                    byLlm.increment();
                    return new WrittenSummary(SummaryText.shorten(answer, maxChars), WrittenSummary.LLM);
                })
                .onFailure()
                .recoverWithItem(failure -> {
                    llmFailures.increment();
                    String reason = failure.getClass().getSimpleName() + ": " + failure.getMessage();
                    if (failing.compareAndSet(false, true)) {
                        LOG.warnf("LLM summary failed (%s); summarizing extractively (repeats at DEBUG)", reason);
                    } else {
                        LOG.debugf("LLM summary failed (%s); summarizing extractively", reason);
                    }
                    return extractive(previousSummary, evicted);
                });
    }

    private WrittenSummary extractive(String previousSummary, List<StoredEpisode> evicted) {
        extractive.increment();
        return new WrittenSummary(
                ExtractiveSummarizer.summarize(previousSummary, evicted, maxChars), WrittenSummary.EXTRACTIVE);
    }

    /** One line per message: {@code [2023-05-08T13:56:00Z] Caroline to Melanie: content}. */
    static String transcript(List<StoredEpisode> evicted) {
        return evicted.stream()
                .map(episode -> "[" + EpisodeLabels.time(episode) + "] " + EpisodeLabels.speaker(episode)
                        + (episode.producedFor == null ? "" : " to " + episode.producedFor) + ": "
                        + episode.content.strip())
                .collect(Collectors.joining("\n"));
    }
}
