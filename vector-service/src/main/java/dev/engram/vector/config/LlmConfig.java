package dev.engram.vector.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/**
 * The LLM that writes atomic facts: any OpenAI-compatible chat endpoint (OpenAI, vLLM, Ollama, llama.cpp,
 * LM Studio). Off by default; facts are then derived by the rules alone. Each key is also read
 * from its environment variable ({@code ENGRAM_LLM_ENABLED}, {@code ENGRAM_LLM_BASE_URL}, {@code
 * ENGRAM_LLM_MODEL}, {@code ENGRAM_LLM_API_KEY}, {@code ENGRAM_LLM_TIMEOUT}); application.properties
 * hands them to quarkus-langchain4j, whose defaults must match the ones here.
 */
@ConfigMapping(prefix = "engram.llm")
public interface LlmConfig {

    /** Whether facts are written by the LLM; without it no request ever leaves the service. */
    @WithDefault("false")
    boolean enabled();

    /** Base URL of the OpenAI-compatible API, ending in {@code /v1/}. */
    @WithDefault("https://api.openai.com/v1/")
    String baseUrl();

    /** Chat model name as the endpoint knows it. */
    @WithDefault("gpt-4.1-mini")
    String model();

    /** Bearer token; local endpoints usually need none. Required with the default base URL. */
    Optional<String> apiKey();

    /** Timeout of one attempt; a call is attempted twice, then the batch keeps the facts of the rules. */
    @WithDefault("60s")
    Duration timeout();
}
