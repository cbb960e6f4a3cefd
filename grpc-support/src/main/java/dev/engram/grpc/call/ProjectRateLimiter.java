package dev.engram.grpc.call;

import java.time.Clock;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * At most {@code perMinute} LLM calls per project in any minute-long window, counted in this process (a
 * project's limit is per replica times replicas: exact accounting across replicas would cost a round trip per
 * call, for a limit that only has to stop runaway cost). Each project has a window that starts with its first
 * call; calls past the limit are refused, not queued, because no caller should wait for the LLM.
 */
public final class ProjectRateLimiter {

    private static final long WINDOW_MILLIS = 60_000;

    private final int perMinute;
    private final Clock clock;
    private final Map<String, Window> windows = new ConcurrentHashMap<>();

    public ProjectRateLimiter(int perMinute, Clock clock) {
        this.perMinute = perMinute;
        this.clock = clock;
    }

    /** Takes a permit for the project if one is left in its current window. */
    public boolean tryAcquire(String project) {
        long now = clock.millis();
        Window window = windows.compute(
                project,
                (key, current) ->
                        current == null || now - current.startMillis >= WINDOW_MILLIS ? new Window(now) : current);
        synchronized (window) {
            if (window.used >= perMinute) {
                return false;
            }
            window.used++;
            return true;
        }
    }

    private static final class Window {
        private final long startMillis;
        private int used;

        private Window(long startMillis) {
            this.startMillis = startMillis;
        }
    }
}
