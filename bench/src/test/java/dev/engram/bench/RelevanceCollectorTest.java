package dev.engram.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

class RelevanceCollectorTest {

    private final LocomoDataset dataset = Fixture.dataset();
    private final RelevanceCollector collector =
            new RelevanceCollector(dataset.conversations(), question -> "group " + question.category());

    private static JsonNode answer(String json) throws Exception {
        return new ObjectMapper().readTree(json);
    }

    @Test
    void every_cluster_is_kept_with_its_similarity_relevance_and_whether_it_holds_evidence() throws Exception {
        Question puppy = dataset.questions().get(0); // evidence D1:2
        JsonNode response = answer("""
                {"episodic": [
                  {"score": 0.03, "relevance": 0.8, "similarity": 0.86, "episodes": [
                    {"metadata": {"dia_id": "D1:2"}}, {"metadata": {"dia_id": "D1:3"}}]},
                  {"score": 0.02, "relevance": 0.1, "similarity": 0.57, "episodes": [
                    {"metadata": {"dia_id": "D2:1"}}]}]}
                """);

        collector.observe(puppy, response, true);
        collector.observe(dataset.adversarial().get(0), response, false);
        collector.observe(puppy, answer("{\"episodic\": []}"), true);

        List<RelevanceObservation> observations = collector.observations();
        RelevanceObservation first = observations.get(0);
        assertThat(first.id()).isEqualTo("conv-a#1");
        assertThat(first.group()).isEqualTo("group 4");
        assertThat(first.answerable()).isTrue();
        assertThat(first.clusters())
                .extracting(RelevanceObservation.Cluster::holdsEvidence)
                .containsExactly(true, false);
        assertThat(first.clusters().get(0).turns()).containsExactly("D1:2", "D1:3");
        assertThat(first.topSimilarity()).isEqualTo(0.86);
        assertThat(first.topRelevance()).isEqualTo(0.8);
        // "Ben: Good. I adopted a golden retriever puppy named Biscuit." is 10 words.
        assertThat(first.wordsOf("D1:2")).isEqualTo(10);
        RelevanceObservation adversarial = observations.get(1);
        assertThat(adversarial.id()).isEqualTo("conv-a#2");
        assertThat(adversarial.answerable()).isFalse();
        assertThat(adversarial.evidence()).isEmpty();
        assertThat(adversarial.clusters()).noneMatch(RelevanceObservation.Cluster::holdsEvidence);
        assertThat(observations.get(2).topRelevance()).isZero();
        assertThat(observations.get(2).clusters()).isEmpty();
    }

    @Test
    void an_answer_without_relevance_is_refused() throws Exception {
        JsonNode old = answer("{\"episodic\": [{\"score\": 0.03, \"episodes\": []}]}");

        assertThatThrownBy(() -> collector.observe(dataset.questions().get(0), old, true))
                .hasMessageContaining("predates");
    }
}
