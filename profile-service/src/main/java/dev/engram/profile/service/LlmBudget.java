package dev.engram.profile.service;

import dev.engram.profile.config.ProfileConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Caps LLM extraction calls per project and minute, in fixed one-minute windows. Kept per replica
 * (a project's cap is per replica times replicas): exact accounting across replicas would cost a
 * database round trip per call, for a limit that only has to stop runaway cost.
 */
@ApplicationScoped
public class LlmBudget {

    private final int perMinute;
    private final LongSupplier clock;
    private final Map<String, Window> windows = new ConcurrentHashMap<>();

    @Inject
    LlmBudget(ProfileConfig config) {
        this(config.llmCallsPerMinute(), System::currentTimeMillis);
    }

    LlmBudget(int perMinute, LongSupplier clock) {
        this.perMinute = perMinute;
        this.clock = clock;
    }

    /** Takes one call from the project's budget; false when this minute's calls are spent. */
    public boolean tryAcquire(String project) {
        long minute = clock.getAsLong() / 60_000;
        Window window = windows.compute(
                project, (key, old) -> old == null || old.minute() != minute ? new Window(minute, 0) : old);
        synchronized (window) {
            if (window.used >= perMinute) {
                return false;
            }
            window.used++;
            return true;
        }
    }

    private static final class Window {
        private final long minute;
        private int used;

        Window(long minute, int used) {
            this.minute = minute;
            this.used = used;
        }

        long minute() {
            return minute;
        }
    }
}
