package dev.engram.gateway.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RateLimiterTest {

    private final AtomicLong now = new AtomicLong();
    private final RateLimiter limiter = new RateLimiter(true, 2, 4, now::get);

    @Test
    void a_burst_is_served_then_the_sustained_rate() {
        for (int i = 0; i < 4; i++) {
            assertThat(limiter.acquire("k")).isEmpty();
        }
        assertThat(limiter.acquire("k")).contains(Duration.ofMillis(500));

        now.addAndGet(Duration.ofMillis(500).toNanos());
        assertThat(limiter.acquire("k")).isEmpty();
        assertThat(limiter.acquire("k")).isPresent();
    }

    @Test
    void keys_have_buckets_of_their_own() {
        for (int i = 0; i < 4; i++) {
            limiter.acquire("busy");
        }
        assertThat(limiter.acquire("busy")).isPresent();
        assertThat(limiter.acquire("quiet")).isEmpty();
    }

    @Test
    void an_idle_key_refills_to_its_burst_and_no_further() {
        now.addAndGet(Duration.ofHours(1).toNanos());
        for (int i = 0; i < 4; i++) {
            assertThat(limiter.acquire("k")).isEmpty();
        }
        assertThat(limiter.acquire("k")).isPresent();
    }

    @Test
    void a_disabled_limiter_lets_everything_through() {
        RateLimiter off = new RateLimiter(false, 1, 1, now::get);
        for (int i = 0; i < 100; i++) {
            assertThat(off.acquire("k")).isEmpty();
        }
    }
}
