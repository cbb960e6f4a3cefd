package dev.engram.profile.service;

import dev.engram.profile.config.LlmConfig;
import dev.engram.profile.config.ProfileConfig;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;

/**
 * Refuses to start with an extraction lease that an LLM call may outlive: the batch would be
 * claimed by another worker while the first still extracts it, and one of the two results wasted.
 */
@ApplicationScoped
public class LeaseCheck {

    void onStart(@Observes StartupEvent event, ProfileConfig profile, LlmConfig llm) {
        if (llm.enabled()) {
            verify(profile.lease(), llm.timeout());
        }
    }

    static void verify(Duration lease, Duration llmTimeout) {
        // Two attempts of the LLM call: quarkus-langchain4j retries a failed one once.
        Duration worstCall = llmTimeout.multipliedBy(2);
        if (lease.compareTo(worstCall) <= 0) {
            throw new IllegalStateException("engram.profile.lease (" + lease + ") must be longer than two"
                    + " engram.llm.timeout (" + llmTimeout + "): an extraction that outlives its lease is"
                    + " redone by another worker while it still runs");
        }
    }
}
