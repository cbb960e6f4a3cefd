package dev.engram.bench.load;

import java.io.IOException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.util.Collections;
import java.util.Comparator;
import java.util.Map;
import java.util.TreeMap;

/**
 * Failed requests by kind and cause. A cause is an HTTP status ({@code HTTP 429}, {@code HTTP 503}), a
 * request that got no answer ({@code timeout}, {@code connection failed (...)}), or an answer that does not
 * say what it should ({@link #DUPLICATE}, {@link #UNREADABLE}).
 */
public final class ErrorCounts {

    /** An add answered 201 but reported some of this run's new ids as already known. */
    static final String DUPLICATE = "episodes not created (duplicate ids)";
    /** A 2xx whose body is not the JSON the API promises. */
    static final String UNREADABLE = "unreadable answer";

    /** One row of the errors table. */
    public record Key(RequestKind kind, String cause) {}

    private static final Comparator<Key> ORDER = Comparator.comparing(Key::kind).thenComparing(Key::cause);

    private final Map<Key, Long> counts = new TreeMap<>(ORDER);

    static String httpStatus(int status) {
        return "HTTP " + status;
    }

    static String noAnswer(IOException e) {
        if (e instanceof HttpConnectTimeoutException) {
            return "connection failed (connect timeout)";
        }
        if (e instanceof HttpTimeoutException) {
            return "timeout";
        }
        return "connection failed (" + e.getClass().getSimpleName() + ")";
    }

    public void add(RequestKind kind, String cause) {
        add(kind, cause, 1);
    }

    public void add(RequestKind kind, String cause, long count) {
        counts.merge(new Key(kind, cause), count, Long::sum);
    }

    public void addAll(ErrorCounts other) {
        other.counts.forEach((key, count) -> add(key.kind(), key.cause(), count));
    }

    public long total() {
        return counts.values().stream().mapToLong(Long::longValue).sum();
    }

    public long total(RequestKind kind) {
        return counts.entrySet().stream()
                .filter(entry -> entry.getKey().kind() == kind)
                .mapToLong(Map.Entry::getValue)
                .sum();
    }

    /** The rows, ordered by kind, then cause. */
    public Map<Key, Long> byCause() {
        return Collections.unmodifiableMap(counts);
    }
}
