package dev.engram.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LongMemEvalEvaluationTest {

    private static final OffsetDateTime MAY = OffsetDateTime.parse("2023-05-01T10:00:00Z");

    /** A turn of {@code words} words in all, its role included. */
    private static Turn turn(String id, int words) {
        return new Turn(id, "user", "word ".repeat(words - 1).strip(), null);
    }

    private static Session session(int number, Turn... turns) {
        return new Session("q1", number, "s" + number, MAY.plusDays(number), List.of(turns));
    }

    /** Three sessions; the evidence is turn s1:2 and turn s3:1, and so sessions s1 and s3. */
    private final Conversation haystack = new Conversation(
            "q1",
            List.of(
                    session(1, turn("s1:1", 50), turn("s1:2", 400)),
                    session(2, turn("s2:1", 500), turn("s2:2", 200)),
                    session(3, turn("s3:1", 30))));

    private final LongMemEvalQuestion question =
            new LongMemEvalQuestion("q1", "multi-session", "?", List.of("s1:2", "s3:1"), List.of("s1", "s3"));

    private static final List<String> RANKED = List.of("s2:1", "s1:2", "s2:2", "s3:1", "s1:1");

    @Test
    void sessions_are_scored_on_the_distinct_sessions_of_the_ranked_turns() {
        // Ranked sessions: s2, s1, s3.
        CutoffScores sessions =
                LongMemEvalEvaluation.score(question, haystack, RANKED).sessions();

        assertThat(sessions.recallAnyAt(1)).isEqualTo(0.0);
        assertThat(sessions.recallAnyAt(3)).isEqualTo(1.0);
        assertThat(sessions.recallAllAt(1)).isEqualTo(0.0);
        assertThat(sessions.recallAllAt(3)).isEqualTo(1.0);
        assertThat(sessions.ndcgAt(1)).isEqualTo(0.0);
        // Hits at ranks 2 and 3: 1 + 1/log2(3) against the ideal 1 + 1.
        assertThat(sessions.ndcgAt(3)).isCloseTo(0.8154648767857288, within(1e-12));
        assertThat(sessions.ndcgAt(50)).isCloseTo(0.8154648767857288, within(1e-12));
    }

    @Test
    void turns_are_scored_on_the_ranked_turns() {
        LongMemEvalScores scores = LongMemEvalEvaluation.score(question, haystack, RANKED);
        CutoffScores turns = scores.turns();

        assertThat(turns.recallAnyAt(1)).isEqualTo(0.0);
        assertThat(turns.recallAnyAt(3)).isEqualTo(1.0);
        assertThat(turns.recallAllAt(3)).isEqualTo(0.0);
        assertThat(turns.recallAllAt(5)).isEqualTo(1.0);
        assertThat(turns.ndcgAt(3)).isCloseTo(0.5, within(1e-12));
        assertThat(turns.ndcgAt(5)).isCloseTo(0.75, within(1e-12));
        assertThat(scores.turnRecallAt10()).isEqualTo(1.0);
        assertThat(scores.rankedTurns()).isEqualTo(5);
        assertThat(scores.rankedSessions()).isEqualTo(3);
    }

    @Test
    void the_word_budget_ends_the_list_at_the_first_turn_that_would_exceed_it() {
        // 500 + 400 = 900 words fit; s2:2 would make 1,100, so s3:1 (30 words) is never reached.
        LongMemEvalScores scores = LongMemEvalEvaluation.score(question, haystack, RANKED);

        assertThat(scores.turnRecallWithinBudget()).isEqualTo(0.5);
        assertThat(scores.shortLists()).isZero();
        LongMemEvalScores evidenceFirst =
                LongMemEvalEvaluation.score(question, haystack, List.of("s3:1", "s1:2", "s2:1"));
        assertThat(evidenceFirst.turnRecallWithinBudget()).isEqualTo(1.0);
        LongMemEvalScores shortList = LongMemEvalEvaluation.score(question, haystack, List.of("s1:1", "s3:1"));
        assertThat(shortList.turnRecallWithinBudget()).isEqualTo(0.5);
        assertThat(shortList.shortLists()).isEqualTo(1);
    }

    @Test
    void scores_are_averaged_overall_and_per_question_type() {
        Conversation other = new Conversation(
                "q2", List.of(new Session("q2", 1, "s1", MAY, List.of(turn("s1:1", 10), turn("s1:2", 10)))));
        LongMemEvalQuestion second =
                new LongMemEvalQuestion("q2", "knowledge-update", "?", List.of("s1:2"), List.of("s1"));
        LongMemEvalDataset dataset = new LongMemEvalDataset(
                List.of(haystack, other), List.of(question, second), List.of(), List.of(), 2, 2, 0, 0);
        Map<String, List<String>> answers = Map.of("q1", RANKED, "q2", List.of("s1:1", "s1:2"));
        List<String> asked = new ArrayList<>();
        Retriever fixed = new Retriever() {
            @Override
            public String name() {
                return "fixed";
            }

            @Override
            public List<String> rank(Question query) {
                asked.add(query.sampleId());
                return answers.get(query.sampleId());
            }
        };

        LongMemEvalResult result = new LongMemEvalEvaluation(dataset).evaluate(fixed);

        assertThat(asked).containsExactly("q1", "q2");
        assertThat(result.name()).isEqualTo("fixed");
        assertThat(result.overall().questions()).isEqualTo(2);
        // Turn recall_any@1: 0 for q1, 0 for q2 (s1:2 is second); @3: 1 and 1.
        assertThat(result.overall().turns().recallAnyAt(1)).isEqualTo(0.0);
        assertThat(result.overall().turns().recallAnyAt(3)).isEqualTo(1.0);
        // Session recall_any@1: 0 for q1, 1 for q2 (its only session is s1).
        assertThat(result.overall().sessions().recallAnyAt(1)).isEqualTo(0.5);
        assertThat(result.overall().turnRecallWithinBudget()).isEqualTo(0.75);
        assertThat(result.overall().rankedTurns()).isEqualTo(3.5);
        assertThat(result.byType().keySet()).containsExactly("knowledge-update", "multi-session");
        assertThat(result.byType().get("knowledge-update").sessions().recallAnyAt(1))
                .isEqualTo(1.0);
        assertThat(result.byType().get("multi-session").questions()).isEqualTo(1);
    }
}
