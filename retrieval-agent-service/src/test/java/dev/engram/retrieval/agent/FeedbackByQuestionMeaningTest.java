package dev.engram.retrieval.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.proto.v1.SearchMode;
import dev.engram.proto.v1.VectorSearchRequest;
import dev.engram.retrieval.support.FakeDownstream;
import dev.engram.retrieval.support.FakeDownstreamResource;
import dev.engram.retrieval.support.FakeDownstreamResource.InjectFakeDownstream;
import dev.engram.retrieval.support.SearchChannel;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.net.URL;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code engram.retrieval.agent.chain.feedback-meaning=question}: feedback rounds reuse the question's meaning. */
@QuarkusTest
@TestProfile(FeedbackByQuestionMeaningTest.QuestionMeaning.class)
@WithTestResource(FakeDownstreamResource.class)
class FeedbackByQuestionMeaningTest {

    // Names someone who never speaks in the memory, so the chain has no person hop to take.
    private static final String STRANGER = "What is the name of Jordan's sister?";

    public static class QuestionMeaning implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("engram.retrieval.agent.chain.feedback-meaning", "question");
        }
    }

    @InjectFakeDownstream
    FakeDownstream downstream;

    @TestHTTPResource
    URL url;

    private SearchChannel channel;

    @BeforeEach
    void connect() {
        downstream.reset();
        channel = new SearchChannel(url);
    }

    @AfterEach
    void disconnect() throws InterruptedException {
        channel.close();
    }

    @Test
    void a_feedback_round_widens_the_words_and_keeps_the_meaning_of_the_question() {
        downstream.hits("s1-3", 0.9, "s2-2", 0.8);

        channel.search(STRANGER, r -> r.setMode(SearchMode.SEARCH_MODE_CHAIN));

        List<VectorSearchRequest> requests = downstream.vectorRequests();
        // The question's own search is embedded as asked; each widened round reuses its embedding.
        assertThat(requests.get(0).getQuery()).isEqualTo(STRANGER);
        assertThat(requests.get(0).getMeaningQuery()).isEmpty();
        assertThat(requests.subList(1, requests.size())).isNotEmpty().allSatisfy(request -> {
            assertThat(request.getQuery()).startsWith(STRANGER + " ");
            assertThat(request.getMeaningQuery()).isEqualTo(STRANGER);
        });
    }

    @Test
    void a_rewrite_of_the_question_is_ranked_by_its_own_meaning() {
        downstream.hits("s1-3", 0.9, "s2-2", 0.8);
        downstream.hitsFor("I painted", "s2-4", 0.9);

        channel.search("What has Melanie painted?", r -> r.setMode(SearchMode.SEARCH_MODE_CHAIN));

        List<VectorSearchRequest> requests = downstream.vectorRequests();
        assertThat(requests.get(1).getQuery()).isEqualTo("I painted");
        assertThat(requests.get(1).getMeaningQuery()).isEmpty();
    }
}
