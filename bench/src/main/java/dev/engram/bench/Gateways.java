package dev.engram.bench;

import dev.engram.sdk.Engram;
import java.time.Duration;

/** The Java SDK client the benchmarks and the importer reach the gateway with. */
public final class Gateways {

    /** Long enough for the largest add or a slow search of a loaded platform. */
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(120);

    /** A 503 while a service behind the gateway restarts is waited out, not counted as a failed question. */
    private static final int RETRIES = 5;

    private Gateways() {}

    /**
     * @param url the gateway, e.g. {@code http://127.0.0.1:8080}
     * @param apiKey the project's key when authentication is on; may be null
     */
    public static Engram connect(String url, String apiKey) {
        return Engram.builder()
                .url(url)
                .apiKey(apiKey == null || apiKey.isBlank() ? null : apiKey)
                .timeout(REQUEST_TIMEOUT)
                .retries(RETRIES)
                .build();
    }
}
