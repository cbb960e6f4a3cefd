package dev.engram.ingest.shortterm;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ShortTermCheckTest {

    @Test
    void a_lease_longer_than_two_llm_attempts_is_accepted() {
        assertThatCode(() -> ShortTermCheck.verifyLease(Duration.ofMinutes(2), Duration.ofSeconds(30)))
                .doesNotThrowAnyException();
    }

    @Test
    void a_lease_an_llm_call_and_its_retry_may_outlive_stops_startup_with_both_settings_named() {
        assertThatThrownBy(() -> ShortTermCheck.verifyLease(Duration.ofSeconds(60), Duration.ofSeconds(30)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("engram.short-term.lease")
                .hasMessageContaining("engram.llm.timeout");
    }

    @Test
    void the_llm_turned_on_against_openai_without_a_key_stops_startup() {
        assertThatThrownBy(() -> ShortTermCheck.verifyApiKey(true, "https://api.openai.com/v1/", Optional.empty()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("engram.llm.api-key");
        assertThatCode(() -> ShortTermCheck.verifyApiKey(true, "http://127.0.0.1:11434/v1/", Optional.empty()))
                .doesNotThrowAnyException();
        assertThatCode(() -> ShortTermCheck.verifyApiKey(false, "https://api.openai.com/v1/", Optional.empty()))
                .doesNotThrowAnyException();
    }
}
