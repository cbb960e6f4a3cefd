package dev.engram.vector.segtree.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SegmentAnswerTest {

    private static final Set<String> ASKED = Set.of("S1", "S2", "S3");

    @Test
    void summaries_of_the_segments_asked_about_are_taken_wherever_the_json_sits() {
        SegmentAnswer answer = SegmentAnswer.parse("""
                Here you go:
                ```json
                {"summaries": [{"segment": "S1", "summary": " Maya plans a trip to Lisbon. "},
                               {"segment": "S3", "summary": "Leo bakes bread."}]}
                ```""", ASKED);

        assertThat(answer.summaries())
                .isEqualTo(Map.of("S1", "Maya plans a trip to Lisbon.", "S3", "Leo bakes bread."));
        assertThat(answer.rejected()).isZero();
    }

    @Test
    void each_unusable_entry_is_rejected_alone() {
        SegmentAnswer answer = SegmentAnswer.parse("""
                {"summaries": [{"segment": "S1", "summary": "Kept."},
                               {"segment": "S1", "summary": "A second summary of S1."},
                               {"segment": "S9", "summary": "Never asked about."},
                               {"segment": "S2", "summary": ""},
                               {"segment": "S3", "summary": {"text": "not text"}},
                               {"summary": "No segment."},
                               {"segment": "S3", "summary": "%s"}]}""".formatted("x".repeat(1001)), ASKED);

        assertThat(answer.summaries()).isEqualTo(Map.of("S1", "Kept."));
        assertThat(answer.rejected()).isEqualTo(6);
    }

    @Test
    void an_answer_without_a_summary_list_is_no_answer() {
        assertThatIllegalArgumentException().isThrownBy(() -> SegmentAnswer.parse("I cannot do that.", ASKED));
        assertThatIllegalArgumentException().isThrownBy(() -> SegmentAnswer.parse("{\"summaries\": 3}", ASKED));
        assertThatIllegalArgumentException().isThrownBy(() -> SegmentAnswer.parse("{\"summaries\": [", ASKED));
    }
}
