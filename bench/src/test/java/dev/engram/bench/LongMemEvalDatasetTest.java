package dev.engram.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LongMemEvalDatasetTest {

    /**
     * Two invented questions in the official format: one scored, whose evidence session is named like the
     * dataset's ({@code answer_...}) and is not first by date, and one abstention question.
     */
    private static final String QUESTIONS = """
[
  {
    "question_id": "q1",
    "question_type": "multi-session",
    "question": "Which city did I move to, and what is my dog called?",
    "answer": "Lisbon; Biscuit",
    "question_date": "2023/06/01 (Thu) 10:00",
    "haystack_session_ids": ["sharegpt_x_0", "answer_abc_1", "ultrachat_9"],
    "haystack_dates": ["2023/05/20 (Sat) 02:21", "2023/05/10 (Wed) 09:00", "2023/05/20 (Sat) 02:21"],
    "haystack_sessions": [
      [
        {"role": "user", "content": "Can you recommend a book set in Lisbon?"},
        {"role": "assistant", "content": "Try Night Train to Lisbon."}
      ],
      [
        {"role": "user", "content": "I just moved to Lisbon with my dog Biscuit.", "has_answer": true},
        {"role": "assistant", "content": "Congratulations on the move!", "has_answer": false},
        {"role": "user", "content": "  ", "has_answer": false},
        {"role": "assistant", "content": "Biscuit is a lovely name for a dog.", "has_answer": true}
      ],
      [
        {"role": "user", "content": "How do I bake bread?"},
        {"role": "assistant", "content": "Mix flour, water, salt and yeast."}
      ]
    ],
    "answer_session_ids": ["answer_abc_1"]
  },
  {
    "question_id": "q2_abs",
    "question_type": "single-session-user",
    "question": "What is the name of my cat?",
    "answer": "You did not mention a cat.",
    "question_date": "2023/06/02 (Fri) 10:00",
    "haystack_session_ids": ["answer_zzz_abs_1"],
    "haystack_dates": ["2023/05/11 (Thu) 08:00"],
    "haystack_sessions": [
      [
        {"role": "user", "content": "My hamster is called Pip.", "has_answer": true}
      ]
    ],
    "answer_session_ids": ["answer_zzz_abs_1"]
  }
]
""";

    @TempDir
    Path directory;

    private Path file;
    private LongMemEvalDataset dataset;

    @BeforeEach
    void writeTheFile() throws IOException {
        file = directory.resolve("longmemeval-tiny.json");
        Files.writeString(file, QUESTIONS);
        dataset = LongMemEvalDataset.load(file, BenchOptions.ALL_QUESTIONS);
    }

    @Test
    void abstention_questions_are_read_but_not_scored() {
        assertThat(dataset.questionsInFile()).isEqualTo(2);
        assertThat(dataset.questionsRead()).isEqualTo(2);
        assertThat(dataset.abstentionNotScored()).isEqualTo(1);
        assertThat(dataset.skippedWithoutEvidence()).isZero();
        assertThat(dataset.questions())
                .extracting(LongMemEvalQuestion::questionId)
                .containsExactly("q1");
        assertThat(dataset.haystacks()).extracting(Conversation::sampleId).containsExactly("q1");
        assertThat(dataset.sessionCount()).isEqualTo(3);
    }

    @Test
    void abstention_haystacks_are_kept_apart_for_the_relevance_measurement_without_evidence() {
        assertThat(dataset.abstention()).hasSize(1);
        LongMemEvalQuestion abstention = dataset.abstention().get(0);
        assertThat(abstention.questionId()).isEqualTo("q2_abs");
        assertThat(abstention.type()).isEqualTo("single-session-user");
        assertThat(abstention.evidenceTurns()).isEmpty();
        assertThat(abstention.query().evidence()).isEmpty();
        assertThat(dataset.abstentionHaystacks()).hasSize(1);
        Conversation haystack = dataset.abstentionHaystacks().get(0);
        assertThat(haystack.sampleId()).isEqualTo("q2_abs");
        assertThat(haystack.turns()).extracting(Turn::diaId).containsExactly("s1:1");
    }

    @Test
    void abstention_questions_can_be_picked_wherever_they_are() throws IOException {
        JsonNode root = new ObjectMapper().readTree(QUESTIONS);
        // q1, q2_abs, then a copy of q1 as q3 and one of q2_abs as q4_abs.
        ObjectNode q3 = ((ObjectNode) root.get(0)).deepCopy().put("question_id", "q3");
        ObjectNode q4 = ((ObjectNode) root.get(1)).deepCopy().put("question_id", "q4_abs");
        ((com.fasterxml.jackson.databind.node.ArrayNode) root).add(q3).add(q4);

        LongMemEvalDataset inFileOrder = LongMemEvalDataset.parse(root, 2);
        LongMemEvalDataset oneOfEach = LongMemEvalDataset.parse(root, 2, 1);
        LongMemEvalDataset everyAbstention = LongMemEvalDataset.parse(root, 3, Integer.MAX_VALUE);
        LongMemEvalDataset noneLimited = LongMemEvalDataset.parse(root, BenchOptions.ALL_QUESTIONS, 0);

        assertThat(inFileOrder.questions())
                .extracting(LongMemEvalQuestion::questionId)
                .containsExactly("q1");
        assertThat(inFileOrder.abstention())
                .extracting(LongMemEvalQuestion::questionId)
                .containsExactly("q2_abs");
        assertThat(oneOfEach.questionsRead()).isEqualTo(2);
        assertThat(oneOfEach.questions())
                .extracting(LongMemEvalQuestion::questionId)
                .containsExactly("q1");
        assertThat(oneOfEach.abstention())
                .extracting(LongMemEvalQuestion::questionId)
                .containsExactly("q2_abs");
        assertThat(everyAbstention.questionsRead()).isEqualTo(3);
        assertThat(everyAbstention.questions())
                .extracting(LongMemEvalQuestion::questionId)
                .containsExactly("q1");
        assertThat(everyAbstention.abstention())
                .extracting(LongMemEvalQuestion::questionId)
                .containsExactly("q2_abs", "q4_abs");
        assertThat(noneLimited.questions())
                .extracting(LongMemEvalQuestion::questionId)
                .containsExactly("q1", "q3");
        assertThat(noneLimited.abstention()).isEmpty();
    }

    @Test
    void an_even_spread_takes_questions_from_every_part_of_the_file() throws IOException {
        JsonNode root = new ObjectMapper().readTree(QUESTIONS);
        // q1, q2_abs, then copies of q1 as q3 to q8: six answerable questions, a spread of 3 takes every second.
        com.fasterxml.jackson.databind.node.ArrayNode array = (com.fasterxml.jackson.databind.node.ArrayNode) root;
        for (int i = 3; i <= 8; i++) {
            array.add(((ObjectNode) root.get(0)).deepCopy().put("question_id", "q" + i));
        }

        LongMemEvalDataset spread = LongMemEvalDataset.parse(root, 3, LongMemEvalDataset.IN_FILE_ORDER, true);
        LongMemEvalDataset spreadWithAbstention = LongMemEvalDataset.parse(root, 4, 1, true);

        assertThat(spread.questions())
                .extracting(LongMemEvalQuestion::questionId)
                .containsExactly("q3", "q5", "q7");
        assertThat(spread.abstention()).isEmpty();
        assertThat(spreadWithAbstention.questions())
                .extracting(LongMemEvalQuestion::questionId)
                .containsExactly("q3", "q5", "q7");
        assertThat(spreadWithAbstention.abstention())
                .extracting(LongMemEvalQuestion::questionId)
                .containsExactly("q2_abs");
        assertThat(LongMemEvalDataset.evenlySpaced(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), 5))
                .containsExactly(2, 4, 6, 8, 10);
        assertThat(LongMemEvalDataset.evenlySpaced(List.of(1, 2, 3), 3)).containsExactly(1, 2, 3);
    }

    @Test
    void sessions_are_added_in_date_order_under_opaque_ids_ties_in_file_order() {
        List<Session> sessions = dataset.haystacks().get(0).sessions();

        assertThat(sessions).extracting(Session::id).containsExactly("s1", "s2", "s3");
        assertThat(sessions)
                .extracting(Session::startedAt)
                .containsExactly(
                        OffsetDateTime.parse("2023-05-10T09:00:00Z"),
                        OffsetDateTime.parse("2023-05-20T02:21:00Z"),
                        OffsetDateTime.parse("2023-05-20T02:21:00Z"));
        assertThat(sessions.get(1).turns().get(0).text()).isEqualTo("Can you recommend a book set in Lisbon?");
        assertThat(sessions.get(2).turns().get(0).text()).isEqualTo("How do I bake bread?");
    }

    @Test
    void one_turn_per_line_with_its_role_and_a_turn_id_blank_lines_not_sent() {
        Session first = dataset.haystacks().get(0).sessions().get(0);

        assertThat(first.turns()).extracting(Turn::diaId).containsExactly("s1:1", "s1:2", "s1:4");
        assertThat(first.turns()).extracting(Turn::speaker).containsExactly("user", "assistant", "assistant");
        assertThat(first.turns().get(0).retrievedText()).isEqualTo("user: I just moved to Lisbon with my dog Biscuit.");
        assertThat(dataset.blankTurnsNotSent()).isEqualTo(1);
        assertThat(dataset.sessionCount()).isEqualTo(3);
        assertThat(dataset.turnCount()).isEqualTo(7);
    }

    @Test
    void evidence_is_the_has_answer_turns_of_either_role_and_the_answer_sessions() {
        LongMemEvalQuestion question = dataset.questions().get(0);

        assertThat(question.type()).isEqualTo("multi-session");
        assertThat(question.evidenceTurns()).containsExactly("s1:1", "s1:4");
        assertThat(question.evidenceSessions()).containsExactly("s1");
        assertThat(question.query())
                .isEqualTo(new Question(
                        "q1",
                        "Which city did I move to, and what is my dog called?",
                        LongMemEvalQuestion.NO_CATEGORY,
                        List.of("s1:1", "s1:4")));
    }

    @Test
    void no_answer_label_reaches_the_platform() {
        EngramIngest ingest = new EngramIngest(Gateways.connect("http://127.0.0.1:1", null), new RunIds("bench-1"));
        StringBuilder sent = new StringBuilder();
        for (Session session : dataset.haystacks().get(0).sessions()) {
            ingest.requests(session).forEach(body -> sent.append(body).append('\n'));
        }

        assertThat(sent.toString())
                .doesNotContainIgnoringCase("answer")
                .doesNotContain("abc_1")
                .doesNotContain("sharegpt")
                .doesNotContain("ultrachat")
                .contains("\"user_id\":\"bench-1.q1\"")
                .contains("\"session_id\":\"s1\"");
        JsonNode first = ingest.requests(dataset.haystacks().get(0).sessions().get(0))
                .get(0)
                .path("episodes")
                .get(0);
        assertThat(first.path("id").asText()).isEqualTo("bench-1:q1:s1:1");
        assertThat(first.path("producer").asText()).isEqualTo("user");
        assertThat(first.path("metadata").toString()).isEqualTo("{\"dia_id\":\"s1:1\"}");
        assertThat(OffsetDateTime.parse(first.path("timestamp").asText()))
                .isEqualTo(OffsetDateTime.parse("2023-05-10T09:00:00Z"));
    }

    @Test
    void a_limit_reads_only_the_first_questions() {
        LongMemEvalDataset first = LongMemEvalDataset.load(file, 1);

        assertThat(first.questionsRead()).isEqualTo(1);
        assertThat(first.questionsInFile()).isEqualTo(2);
        assertThat(first.questions()).hasSize(1);
        assertThat(first.abstentionNotScored()).isZero();
    }

    @Test
    void a_question_without_an_evidence_turn_is_skipped() throws IOException {
        ObjectMapper json = new ObjectMapper();
        JsonNode root = json.readTree(QUESTIONS);
        ObjectNode q1 = (ObjectNode) root.get(0);
        q1.withArray("haystack_sessions").get(1).forEach(turn -> ((ObjectNode) turn).put("has_answer", false));

        LongMemEvalDataset unlabelled = LongMemEvalDataset.parse(root, BenchOptions.ALL_QUESTIONS);

        assertThat(unlabelled.questions()).isEmpty();
        assertThat(unlabelled.skippedWithoutEvidence()).isEqualTo(1);
        assertThat(unlabelled.haystacks()).isEmpty();
    }

    @Test
    void a_haystack_whose_lists_differ_in_length_is_refused() throws IOException {
        JsonNode root = new ObjectMapper().readTree(QUESTIONS);
        ((ObjectNode) root.get(0)).putArray("haystack_dates").add("2023/05/20 (Sat) 02:21");

        assertThatThrownBy(() -> LongMemEvalDataset.parse(root, BenchOptions.ALL_QUESTIONS))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("question q1");
    }

    @Test
    void session_dates_are_read_as_utc_and_the_weekday_is_not_needed() {
        assertThat(LongMemEvalDates.parseSessionDate("2023/05/20 (Sat) 02:21"))
                .isEqualTo(OffsetDateTime.parse("2023-05-20T02:21:00Z"));
        assertThat(LongMemEvalDates.parseSessionDate("2023/05/20 02:21"))
                .isEqualTo(OffsetDateTime.parse("2023-05-20T02:21:00Z"));
        assertThatThrownBy(() -> LongMemEvalDates.parseSessionDate("20 May 2023"))
                .hasMessageContaining("2023/05/20 (Sat) 02:21");
        assertThatThrownBy(() -> LongMemEvalDates.parseSessionDate("2023/02/30 (Thu) 10:00"))
                .hasMessageContaining("impossible");
    }
}
