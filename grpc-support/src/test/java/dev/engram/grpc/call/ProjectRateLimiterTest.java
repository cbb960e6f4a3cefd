package dev.engram.grpc.call;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class ProjectRateLimiterTest {

    private Instant now = Instant.parse("2026-01-01T00:00:00Z");
    private final Clock clock = new Clock() {
        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    };

    @Test
    void each_project_gets_its_own_permits_per_minute() {
        ProjectRateLimiter limiter = new ProjectRateLimiter(2, clock);

        assertThat(limiter.tryAcquire("a")).isTrue();
        assertThat(limiter.tryAcquire("a")).isTrue();
        assertThat(limiter.tryAcquire("a")).isFalse();
        assertThat(limiter.tryAcquire("b")).isTrue();

        now = now.plus(Duration.ofSeconds(59));
        assertThat(limiter.tryAcquire("a")).isFalse();
        now = now.plus(Duration.ofSeconds(1));
        assertThat(limiter.tryAcquire("a")).isTrue();
    }

    @Test
    void a_project_gets_its_calls_per_minute_and_no_more_until_the_next_minute() {
        now = Instant.ofEpochMilli(120_000);
        ProjectRateLimiter budget = new ProjectRateLimiter(2, clock);

        assertThat(budget.tryAcquire("acme")).isTrue();
        assertThat(budget.tryAcquire("acme")).isTrue();
        assertThat(budget.tryAcquire("acme")).isFalse();
        assertThat(budget.tryAcquire("other")).as("budgets are per project").isTrue();

        now = now.plusMillis(60_000);
        assertThat(budget.tryAcquire("acme")).isTrue();
    }
}
