package dev.engram.retrieval.agent.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RuleSplitterTest {

    private final RuleSplitter splitter = new RuleSplitter();

    @Test
    void names_joined_by_and_give_one_question_per_name_without_both() {
        assertThat(splitter.split("What do Caroline and Melanie both like to paint?"))
                .containsExactly("What do Caroline like to paint?", "What do Melanie like to paint?");
    }

    @Test
    void a_list_of_names_gives_one_question_per_name() {
        assertThat(splitter.split("Did Jon, Gina or Maria go to Paris?"))
                .containsExactly("Did Jon go to Paris?", "Did Gina go to Paris?", "Did Maria go to Paris?");
    }

    @Test
    void several_questions_in_one_are_asked_one_by_one() {
        assertThat(splitter.split("Where does Caroline work? When did she start the job?"))
                .containsExactly("Where does Caroline work?", "When did she start the job?");
    }

    @Test
    void a_single_hop_question_is_not_split() {
        assertThat(splitter.split("When did Caroline go to the support group?")).isEmpty();
        assertThat(splitter.split("What did Caroline and her kids do at the park?"))
                .isEmpty();
        assertThat(splitter.split("Why? How?")).isEmpty();
        assertThat(splitter.split("")).isEmpty();
    }

    @Test
    void the_same_name_twice_is_not_two_parts() {
        assertThat(splitter.split("Did Caroline and Caroline meet?")).isEmpty();
    }
}
