package dev.engram.vector.facts.llm;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/** The counters of the LLM fact path: batches by outcome, and the LLM's decisions by kind. */
final class LlmFacts {

    private final MeterRegistry registry;

    LlmFacts(MeterRegistry registry) {
        this.registry = registry;
    }

    /** A batch ended: {@code written}, {@code fallback} (the rules' facts stay) or {@code dropped} (queue full). */
    void batch(String outcome) {
        Counter.builder("engram.vector.facts.llm.batches")
                .description("Batches of episodes whose facts the LLM was asked to write, by outcome")
                .tag("outcome", outcome)
                .register(registry)
                .increment();
    }

    void decisions(LlmFactWriter.Outcome outcome) {
        count("add", outcome.added());
        count("update", outcome.updated());
        count("skip", outcome.skipped());
        count("rejected", outcome.rejected());
    }

    private void count(String op, int n) {
        Counter.builder("engram.vector.facts.llm.decisions")
                .description("Facts the LLM answered, by decision; rejected ones were malformed or named unknown ids")
                .tag("op", op)
                .register(registry)
                .increment(n);
    }
}
