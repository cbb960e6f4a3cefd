package dev.engram.e2e;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.OptionalDouble;

/** Reads a service's Prometheus endpoint ({@code /q/metrics}), where it reports what no API shows. */
final class Metrics {

    // HTTP/1.1: without it the client offers an upgrade to HTTP/2 on the services' shared port, and a scrape's large
    // body could stall there for good (the request timeout stops counting once the headers are in).
    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2))
            .build();

    private Metrics() {}

    /**
     * The sum of a metric's series that carry {@code label} (e.g. {@code target="profile"}; empty
     * for all of them); empty while the service has not registered the metric.
     */
    static OptionalDouble read(String serviceUrl, String name, String label) {
        double sum = 0;
        boolean found = false;
        for (String line : scrape(serviceUrl).split("\n")) {
            boolean named = line.startsWith(name + "{") || line.startsWith(name + " ");
            if (named && line.contains(label)) {
                // A traced sample may end in an exemplar ("# {trace_id=…} 1.0 <time>"); the value precedes it.
                sum += Double.parseDouble(line.replaceFirst(" # .*", "").replaceFirst(".* ", ""));
                found = true;
            }
        }
        return found ? OptionalDouble.of(sum) : OptionalDouble.empty();
    }

    private static String scrape(String serviceUrl) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(serviceUrl + "/q/metrics"))
                .timeout(Duration.ofSeconds(5))
                .GET()
                .build();
        try {
            HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new AssertionError(serviceUrl + "/q/metrics answered " + response.statusCode());
            }
            return response.body();
        } catch (IOException e) {
            throw new AssertionError("could not read " + serviceUrl + "/q/metrics", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while reading " + serviceUrl + "/q/metrics", e);
        }
    }
}
