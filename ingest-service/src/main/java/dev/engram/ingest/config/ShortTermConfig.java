package dev.engram.ingest.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Short-term memory: each session's recent window and the rolling summary of what left it. */
@ConfigMapping(prefix = "engram.short-term")
public interface ShortTermConfig {

    /**
     * Character budget of the recent window: the newest episodes of a session whose contents add up
     * to at most this many characters. The newest episode is always in the window, even alone over
     * the budget.
     */
    @WithDefault("4000")
    int windowChars();

    /** Upper bound of the summary's length, in characters, whoever wrote it. */
    @WithDefault("1500")
    int summaryChars();

    /**
     * Content of evicted episodes summarized in one round, in characters (at least one episode per
     * round). Bounds the LLM prompt; a longer backlog is worked off in several rounds.
     */
    @WithDefault("8000")
    int roundChars();

    /**
     * How often the summarizer looks for sessions with work left (after a restart, or rows whose
     * summarizer died). Adding episodes starts a run at once and does not wait for it.
     */
    @WithDefault("5s")
    Duration interval();

    /**
     * How long a claimed session stays with its summarizer before another one may take it over. Must
     * exceed twice {@code engram.llm.timeout} (a failed LLM call is tried twice) when the LLM is on;
     * startup fails when it does not. A round that fails keeps its lease, so this also paces retries.
     */
    @WithDefault("2m")
    Duration lease();
}
