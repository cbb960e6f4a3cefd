package dev.engram.retrieval.agent.rules;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.retrieval.model.SearchMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RuleRouterTest {

    private final RuleRouter router = new RuleRouter(new RuleSplitter());

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "What is the name of Caroline's sister's dog? | CHAIN",
                "Where does Melanie's husband work? | CHAIN",
                "What did Caroline’s best friend give her? | CHAIN",
                "Where did the friend who moved to Denver go to school? | CHAIN",
                "What do Caroline and Melanie both like to paint? | SPLIT",
                "Did Jon, Gina or Maria go to Paris? | SPLIT",
                "Where does Caroline work? When did she start her job? | SPLIT",
                "When did Caroline go to the LGBTQ support group? | CHAIN",
                "What is Melanie's favourite book? | CHAIN",
                "What activities does Melanie partake in? | CHAIN",
                "How many times has Melanie gone to the beach? | CHAIN",
                "What activities do Caroline and Melanie both enjoy? | SPLIT",
                "What did Caroline and her kids do at the park? | CHAIN",
                "What did we decide in May about the trip? | CHAIN",
                "Where was the NASA talk on Monday? | CHAIN",
                "What happened at the event? | CHAIN",
            })
    void routes_by_the_shape_of_the_question(String question, SearchMode expected) {
        RouteDecision decision = router.route(question);

        assertThat(decision.mode()).isEqualTo(expected);
        assertThat(decision.reason()).startsWith("rules: ");
    }
}
