package dev.engram.ingest.shortterm;

import dev.engram.ingest.config.LlmConfig;
import dev.engram.ingest.config.ShortTermConfig;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.util.Optional;

/**
 * Refuses to start with short-term settings that cannot work: a lease an LLM call may outlive (the
 * session would be summarized twice at once, and the first result thrown away), a budget below one
 * character, or the LLM turned on against OpenAI without a key.
 */
@ApplicationScoped
public class ShortTermCheck {

    private static final String OPENAI = "https://api.openai.com/";

    void onStart(@Observes StartupEvent event, ShortTermConfig shortTerm, LlmConfig llm) {
        verify(shortTerm, llm);
    }

    static void verify(ShortTermConfig shortTerm, LlmConfig llm) {
        positive("engram.short-term.window-chars", shortTerm.windowChars());
        positive("engram.short-term.summary-chars", shortTerm.summaryChars());
        positive("engram.short-term.round-chars", shortTerm.roundChars());
        verifyLease(shortTerm.lease(), llm.enabled() ? llm.timeout() : Duration.ZERO);
        verifyApiKey(llm.enabled(), llm.baseUrl(), llm.apiKey());
    }

    /** Found here rather than at the first eviction, where it would only show as fallbacks. */
    static void verifyApiKey(boolean enabled, String baseUrl, Optional<String> apiKey) {
        if (enabled
                && baseUrl.startsWith(OPENAI)
                && apiKey.filter(key -> !key.isBlank()).isEmpty()) {
            throw new IllegalStateException("engram.llm.enabled is true with the OpenAI base URL but no"
                    + " engram.llm.api-key (ENGRAM_LLM_API_KEY); set the key, or engram.llm.base-url for"
                    + " an endpoint that needs none");
        }
    }

    /** An LLM call is attempted twice (see {@code LlmSummaryClient}) before the round falls back. */
    static void verifyLease(Duration lease, Duration llmTimeout) {
        if (lease.compareTo(llmTimeout.multipliedBy(2)) <= 0) {
            throw new IllegalStateException("engram.short-term.lease (" + lease + ") must be longer than twice"
                    + " engram.llm.timeout (" + llmTimeout + ", two attempts): a summary that outlives its"
                    + " lease is written again by another summarizer while the first still runs");
        }
    }

    private static void positive(String key, int value) {
        if (value < 1) {
            throw new IllegalStateException(key + " must be at least 1, was " + value);
        }
    }
}
