package dev.engram.retrieval.agent.llm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LlmAnswersTest {

    @Test
    void sub_queries_are_read_from_fenced_json_distinct_and_capped() {
        String answer = "Here you go:\n```json\n{\"queries\": [\"a?\", \" a? \", \"b?\", \"\", 7, \"c?\"]}\n```";

        assertThat(LlmAnswers.subQueries(answer, 2)).containsExactly("a?", "b?");
    }

    @Test
    void anything_but_a_list_of_queries_is_no_answer() {
        assertThat(LlmAnswers.subQueries("{\"queries\": \"a?\"}", 6)).isEmpty();
        assertThat(LlmAnswers.subQueries("no json", 6)).isEmpty();
        assertThat(LlmAnswers.subQueries("{\"queries\": [", 6)).isEmpty();
        assertThat(LlmAnswers.subQueries(null, 6)).isEmpty();
    }

    @Test
    void a_judgement_keeps_what_it_can_read() {
        ChainJudgement judgement = LlmAnswers.judgement(
                        "{\"is_sufficient\": false, \"evidence_indices\": [1, \"x\", 3], \"new_query\": \" Who is Anna? \","
                                + " \"confidence\": 1.7}")
                .orElseThrow();

        assertThat(judgement.sufficient()).isFalse();
        assertThat(judgement.evidenceIndices()).containsExactly(1, 3);
        assertThat(judgement.newQuery()).isEqualTo("Who is Anna?");
        assertThat(judgement.confidence()).isEqualTo(1.0);
    }

    @Test
    void a_judgement_without_a_verdict_is_no_answer() {
        assertThat(LlmAnswers.judgement("{\"is_sufficient\": \"yes\"}")).isEmpty();
        assertThat(LlmAnswers.judgement("[true]")).isEmpty();
        assertThat(LlmAnswers.judgement("sufficient")).isEmpty();
    }

    @Test
    void a_route_is_the_first_word_in_any_case() {
        assertThat(QueryShape.parse("chain.")).contains(QueryShape.CHAIN);
        assertThat(QueryShape.parse(" SPLIT - two people")).contains(QueryShape.SPLIT);
        assertThat(QueryShape.parse("Direct")).contains(QueryShape.DIRECT);
        assertThat(QueryShape.parse("MULTI_HOP")).isEmpty();
        assertThat(QueryShape.parse("")).isEmpty();
    }
}
