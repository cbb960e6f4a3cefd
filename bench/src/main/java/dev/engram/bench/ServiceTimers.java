package dev.engram.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The timers the services export at {@code /q/metrics} (Prometheus text), read before and after a pass so that a
 * search's time can be split by where it was spent: the gateway's request, the retrieval agent's stages, each gRPC
 * call as its caller waited for it ({@code engram_client_calls}) and as its server handled it, the vector search
 * itself. The two sides of a call are both kept because their difference is the hop's own cost; the rest (JVM,
 * connection pools) says nothing about a search. A service that does not answer both readings is left out of the
 * breakdown, so a platform on another machine simply has none.
 */
final class ServiceTimers {

    // A label value may hold braces (a route such as /v1/users/{user_id}/profile), so the label block is read as
    // quoted values and other characters rather than up to the first closing brace.
    private static final Pattern SERIES = Pattern.compile(
            "^([a-zA-Z_:][a-zA-Z0-9_:]*)_seconds_(sum|count)(?:\\{((?:[^\"}]|\"(?:[^\"\\\\]|\\\\.)*\")*)})? ([^ ]+)");
    private static final Pattern LABEL = Pattern.compile("(\\w+)=\"((?:[^\"\\\\]|\\\\.)*)\"");

    /** Labels that tell one stage or call from another; the rest (outcome, status, ...) are summed over. */
    private static final Set<String> SHOWN_LABELS = Set.of("stage", "mode", "method", "peer", "uri");

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    /** Service name to its metrics URL, in the order the breakdown lists them. */
    private final Map<String, URI> services;

    private final HttpClient http;

    private ServiceTimers(Map<String, URI> services) {
        this.services = services;
        this.http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
    }

    /** Reads the services at these base URLs (service name to {@code http://host:port}), in this order. */
    static ServiceTimers of(Map<String, String> baseUrls) {
        Map<String, URI> services = new LinkedHashMap<>();
        baseUrls.forEach((service, url) -> services.put(service, URI.create(url).resolve("/q/metrics")));
        return new ServiceTimers(services);
    }

    /** No services to read: every breakdown is empty. */
    static ServiceTimers none() {
        return new ServiceTimers(Map.of());
    }

    /** The totals of every kept timer now, keyed by service and timer, and which services answered. */
    Snapshot snapshot() {
        Map<TimerKey, Totals> totals = new HashMap<>();
        Set<String> answered = new HashSet<>();
        services.forEach((service, uri) -> read(uri).ifPresent(text -> {
            answered.add(service);
            parse(service, text, totals);
        }));
        return new Snapshot(answered, totals);
    }

    /**
     * What each timer that ran between the two snapshots cost per search: its calls per search and its mean
     * duration. Listed by service, in the order given, then by time per search, largest first. Only services that
     * answered both times count (one read only once would show its whole life as this pass), and a timer that went
     * back (its service restarted in between) is left out.
     */
    List<TimerShare> perSearch(Snapshot before, Snapshot after, int searches) {
        List<String> order = new ArrayList<>(services.keySet());
        List<TimerShare> shares = new ArrayList<>();
        if (searches <= 0) {
            return shares;
        }
        after.totals().forEach((key, now) -> {
            if (!before.answered().contains(key.service()) || !after.answered().contains(key.service())) {
                return;
            }
            Totals then = before.totals().getOrDefault(key, Totals.ZERO);
            double calls = now.count() - then.count();
            double seconds = now.seconds() - then.seconds();
            if (calls > 0 && seconds >= 0) {
                shares.add(new TimerShare(key.service(), key.timer(), calls / searches, seconds * 1000 / calls));
            }
        });
        shares.sort(Comparator.comparingInt((TimerShare share) -> order.indexOf(share.service()))
                .thenComparing(
                        Comparator.comparingDouble(TimerShare::msPerSearch).reversed()));
        return shares;
    }

    private Optional<String> read(URI uri) {
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(TIMEOUT).GET().build();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 ? Optional.of(response.body()) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** Adds the kept timers of one service's Prometheus text to {@code totals}. */
    static void parse(String service, String text, Map<TimerKey, Totals> totals) {
        for (String line : text.split("\n")) {
            Matcher series = SERIES.matcher(line);
            if (!series.find()) {
                continue;
            }
            String name = series.group(1);
            Map<String, String> labels = labels(series.group(3));
            if (!kept(name, labels)) {
                continue;
            }
            double value;
            try {
                value = Double.parseDouble(series.group(4));
            } catch (NumberFormatException e) {
                continue;
            }
            TimerKey key = new TimerKey(service, name + shown(labels));
            Totals sum = series.group(2).equals("sum") ? new Totals(0, value) : new Totals(value, 0);
            totals.merge(key, sum, Totals::plus);
        }
    }

    /**
     * Engram's own timers, the server side of every gRPC call, and the gateway's public API; not the HTTP view of
     * the gRPC calls, which repeats the server side.
     */
    private static boolean kept(String name, Map<String, String> labels) {
        return name.startsWith("engram_")
                || name.equals("grpc_server_processing_duration")
                || (name.equals("http_server_requests")
                        && labels.getOrDefault("uri", "").startsWith("/v1/"));
    }

    private static Map<String, String> labels(String text) {
        Map<String, String> labels = new TreeMap<>();
        if (text != null) {
            Matcher label = LABEL.matcher(text);
            while (label.find()) {
                labels.put(label.group(1), label.group(2));
            }
        }
        return labels;
    }

    private static String shown(Map<String, String> labels) {
        StringBuilder shown = new StringBuilder();
        labels.forEach((key, value) -> {
            if (SHOWN_LABELS.contains(key)) {
                shown.append(shown.isEmpty() ? "{" : ",")
                        .append(key)
                        .append('=')
                        .append(value);
            }
        });
        return shown.isEmpty() ? "" : shown.append('}').toString();
    }

    /** One timer of one service: the metric's name without its unit, with the labels that tell it apart. */
    record TimerKey(String service, String timer) {}

    /** One reading of every service: the services that answered, and their timers' totals. */
    record Snapshot(Set<String> answered, Map<TimerKey, Totals> totals) {}

    /** A timer's count of calls and their total duration. */
    record Totals(double count, double seconds) {

        static final Totals ZERO = new Totals(0, 0);

        Totals plus(Totals other) {
            return new Totals(count + other.count, seconds + other.seconds);
        }
    }
}
