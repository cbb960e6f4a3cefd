package dev.engram.profile.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class LlmBudgetTest {

    @Test
    void a_project_gets_its_calls_per_minute_and_no_more_until_the_next_minute() {
        AtomicLong now = new AtomicLong(120_000);
        LlmBudget budget = new LlmBudget(2, now::get);

        assertThat(budget.tryAcquire("acme")).isTrue();
        assertThat(budget.tryAcquire("acme")).isTrue();
        assertThat(budget.tryAcquire("acme")).isFalse();
        assertThat(budget.tryAcquire("other")).as("budgets are per project").isTrue();

        now.addAndGet(60_000);
        assertThat(budget.tryAcquire("acme")).isTrue();
    }
}
