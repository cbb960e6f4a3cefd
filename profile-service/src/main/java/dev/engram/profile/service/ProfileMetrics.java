package dev.engram.profile.service;

import dev.engram.profile.model.CommandOutcome;
import dev.engram.profile.model.ProfileSource;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Prometheus counters of profile extraction: batches extracted per path, commands applied and
 * rejected, LLM calls per outcome and LLM tokens. They are what an operator watches for cost.
 */
@ApplicationScoped
public class ProfileMetrics {

    private final MeterRegistry registry;

    ProfileMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    public void extraction(ProfileSource source, int episodes) {
        counter("engram.profile.extractions", "Batches of episodes extracted", "source", source.code())
                .increment();
        counter("engram.profile.extracted.episodes", "Episodes extracted", "source", source.code())
                .increment(episodes);
    }

    public void applied(CommandOutcome outcome) {
        increment("added", outcome.added());
        increment("merged", outcome.merged());
        increment("closed", outcome.closed());
        increment("retired", outcome.retired());
    }

    public void rejected(int commands) {
        counter("engram.profile.commands.rejected", "Extraction commands rejected as invalid", "reason", "invalid")
                .increment(commands);
    }

    /** {@code outcome}: ok, failed (fell back to rules), over_budget (not called, rules used). */
    public void llmCall(String outcome) {
        counter("engram.profile.llm.calls", "LLM extraction calls", "outcome", outcome)
                .increment();
    }

    public void llmTokens(Integer input, Integer output) {
        if (input != null) {
            counter("engram.profile.llm.tokens", "LLM tokens used by extraction", "kind", "input")
                    .increment(input);
        }
        if (output != null) {
            counter("engram.profile.llm.tokens", "LLM tokens used by extraction", "kind", "output")
                    .increment(output);
        }
    }

    public void leaseLost() {
        counter("engram.profile.batches.abandoned", "Batches dropped because another worker took them over", "", "")
                .increment();
    }

    private void increment(String effect, int count) {
        if (count > 0) {
            counter("engram.profile.commands.applied", "Extraction commands applied, by effect", "effect", effect)
                    .increment(count);
        }
    }

    private Counter counter(String name, String description, String tagKey, String tagValue) {
        Counter.Builder builder = Counter.builder(name).description(description);
        if (!tagKey.isEmpty()) {
            builder.tag(tagKey, tagValue);
        }
        return builder.register(registry);
    }
}
