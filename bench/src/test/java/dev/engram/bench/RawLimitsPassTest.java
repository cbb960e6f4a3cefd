package dev.engram.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class RawLimitsPassTest {

    private static List<String> texts(int count) {
        return IntStream.range(0, count).mapToObj(i -> "text " + i).toList();
    }

    @Test
    void a_dataset_within_the_limit_is_timed_whole() {
        List<String> all = texts(20);
        assertThat(RawLimitsPass.evenSample(all, 20)).isEqualTo(all);
    }

    @Test
    void a_larger_one_is_timed_on_every_kth_text_from_first_to_last() {
        List<String> sample = RawLimitsPass.evenSample(texts(45), 20);

        assertThat(sample).hasSize(15).startsWith("text 0", "text 3").endsWith("text 42");
        assertThat(RawLimitsPass.evenSample(texts(41), 20)).hasSize(14).endsWith("text 39");
    }
}
