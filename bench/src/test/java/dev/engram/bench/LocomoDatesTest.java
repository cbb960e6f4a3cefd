package dev.engram.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.OffsetDateTime;
import org.junit.jupiter.api.Test;

class LocomoDatesTest {

    @Test
    void afternoon_time_is_read_in_utc() {
        assertThat(LocomoDates.parseSessionTime("1:56 pm on 8 May, 2023"))
                .isEqualTo(OffsetDateTime.parse("2023-05-08T13:56:00Z"));
    }

    @Test
    void twelve_past_midnight_is_the_start_of_the_day() {
        assertThat(LocomoDates.parseSessionTime("12:09 am on 13 September, 2023"))
                .isEqualTo(OffsetDateTime.parse("2023-09-13T00:09:00Z"));
    }

    @Test
    void upper_case_meridiem_and_extra_spaces_are_accepted() {
        assertThat(LocomoDates.parseSessionTime(" 9:05 AM on  10 May, 2023 "))
                .isEqualTo(OffsetDateTime.parse("2023-05-10T09:05:00Z"));
    }

    @Test
    void an_unreadable_time_names_the_expected_format() {
        assertThatThrownBy(() -> LocomoDates.parseSessionTime("May 8th 2023"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1:56 pm on 8 May, 2023");
        assertThatThrownBy(() -> LocomoDates.parseSessionTime(null)).isInstanceOf(IllegalArgumentException.class);
    }
}
