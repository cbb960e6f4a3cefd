package dev.engram.launcher;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.function.BooleanSupplier;

/** Polls a service's readiness endpoint. */
public final class HealthProbe {

    // HTTP/1.1, as every HTTP client of Engram's: no upgrade to HTTP/2 offered on the services' shared port.
    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(1))
            .build();

    private HealthProbe() {}

    public static boolean isReady(String baseUrl) {
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + "/q/health/ready"))
                    .timeout(Duration.ofSeconds(2))
                    .GET()
                    .build();
            return HTTP.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Waits until {@code ready} holds, failing early when {@code alive} stops holding (the process
     * died, and waiting longer cannot help).
     */
    public static void await(String what, BooleanSupplier ready, BooleanSupplier alive, Duration timeout) {
        Instant deadline = Instant.now().plus(timeout);
        while (!ready.getAsBoolean()) {
            if (!alive.getAsBoolean()) {
                throw new IllegalStateException(what + " exited before it became ready");
            }
            if (Instant.now().isAfter(deadline)) {
                throw new IllegalStateException(what + " was not ready within " + timeout.toSeconds() + " s");
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + what, e);
            }
        }
    }
}
