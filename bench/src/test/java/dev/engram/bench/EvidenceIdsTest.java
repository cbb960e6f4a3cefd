package dev.engram.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class EvidenceIdsTest {

    private static final Set<String> TURNS = Set.of("D1:3", "D8:6", "D9:17", "D11:26", "D2:10");

    @Test
    void several_ids_in_one_string_are_split_on_semicolons_commas_and_spaces() {
        assertThat(EvidenceIds.normalize(List.of("D8:6; D9:17"), TURNS)).containsExactly("D8:6", "D9:17");
        assertThat(EvidenceIds.normalize(List.of("D8:6,D9:17 D1:3"), TURNS)).containsExactly("D8:6", "D9:17", "D1:3");
    }

    @Test
    void a_stray_colon_after_the_d_is_read_as_a_plain_id() {
        assertThat(EvidenceIds.normalize(List.of("D:11:26"), TURNS)).containsExactly("D11:26");
    }

    @Test
    void leading_zeros_of_the_turn_index_are_stripped() {
        assertThat(EvidenceIds.normalize(List.of("D1:03", "D2:010"), TURNS)).containsExactly("D1:3", "D2:10");
        assertThat(EvidenceIds.normalizeToken("D4:00")).contains("D4:0");
    }

    @Test
    void ids_of_turns_that_do_not_exist_are_dropped() {
        assertThat(EvidenceIds.normalize(List.of("D1:3", "D30:1"), TURNS)).containsExactly("D1:3");
    }

    @Test
    void tokens_that_are_not_turn_ids_are_dropped() {
        assertThat(EvidenceIds.normalize(List.of("see D1:3", "", "D1", ":"), TURNS))
                .containsExactly("D1:3");
    }

    @Test
    void an_id_named_twice_counts_once() {
        assertThat(EvidenceIds.normalize(List.of("D1:3", "D1:03; D:1:3"), TURNS))
                .containsExactly("D1:3");
    }

    @Test
    void no_valid_id_leaves_an_empty_list() {
        assertThat(EvidenceIds.normalize(List.of("D7:1"), TURNS)).isEmpty();
        assertThat(EvidenceIds.normalize(List.of(), TURNS)).isEmpty();
    }
}
