package dev.engram.gateway.security;

import dev.engram.gateway.config.AuthConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * A token bucket per API key: {@code requests-per-second} sustained, {@code burst} at once. Buckets live in this
 * gateway replica's memory, so with n replicas behind a balancer a key gets up to n times the rate; that bounds
 * what one client can take from a replica, which is what the limit is for.
 */
@ApplicationScoped
public class RateLimiter {

    private final boolean enabled;
    private final double tokensPerNano;
    private final double burst;
    private final LongSupplier clock;
    private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();

    @Inject
    public RateLimiter(AuthConfig config) {
        this(
                config.rateLimit().enabled(),
                config.rateLimit().requestsPerSecond(),
                config.rateLimit().burst(),
                System::nanoTime);
    }

    RateLimiter(boolean enabled, int requestsPerSecond, int burst, LongSupplier clock) {
        this.enabled = enabled && requestsPerSecond > 0;
        this.tokensPerNano = requestsPerSecond / 1e9;
        this.burst = Math.max(1, burst);
        this.clock = clock;
    }

    /** Takes one request from the key's bucket; empty when allowed, else how long until one would be. */
    public Optional<Duration> acquire(String keyId) {
        if (!enabled) {
            return Optional.empty();
        }
        Bucket bucket = buckets.computeIfAbsent(keyId, id -> new Bucket(burst, clock.getAsLong()));
        OptionalLong waitNanos = bucket.take(clock.getAsLong(), tokensPerNano, burst);
        return waitNanos.isPresent() ? Optional.of(Duration.ofNanos(waitNanos.getAsLong())) : Optional.empty();
    }

    private static final class Bucket {

        private double tokens;
        private long updatedAt;

        Bucket(double tokens, long now) {
            this.tokens = tokens;
            this.updatedAt = now;
        }

        synchronized OptionalLong take(long now, double tokensPerNano, double burst) {
            tokens = Math.min(burst, tokens + (now - updatedAt) * tokensPerNano);
            updatedAt = now;
            if (tokens >= 1) {
                tokens -= 1;
                return OptionalLong.empty();
            }
            return OptionalLong.of((long) Math.ceil((1 - tokens) / tokensPerNano));
        }
    }
}
