package dev.engram.vector.reconstruct;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.vector.reconstruct.Navigator.Evidence;
import dev.engram.vector.reconstruct.Navigator.Reconstruction;
import dev.engram.vector.reconstruct.Navigator.Step;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The heuristic navigator on a small hand-made memory: where it starts, what each step opens, when it stops. */
class NavigatorTest {

    private static final ReconstructSettings SETTINGS = new ReconstructSettings(4, 1, 1.0, 0.5, 0.3, 0.1, 50);

    private final CueTagGraph graph = new Memories()
            .said("e1", "s1", "Maya adopted a beagle named Rufus.", "Maya")
            .said("e2", "s2", "Rufus loves the park by the river.", "Maya")
            .said("e3", "s3", "Leo moved to Porto.", "Leo")
            .said("e4", "s4", "Leo works at a bakery near the cathedral.", "Leo")
            .said("e5", "s5", "Maya painted a sunset over the lake.", "Maya")
            .graph();

    @Test
    void it_starts_from_the_cues_the_question_names_and_prefers_contents_whose_tag_it_names() {
        Reconstruction found = navigate(SETTINGS, "What did Maya adopt?");

        assertThat(found.steps().get(0).action()).isEqualTo("start");
        assertThat(found.steps().get(0).cues()).contains("maya", "adopt");
        assertThat(episodes(found).get(0)).isEqualTo("e1");
        assertThat(found.steps().get(1).tags()).containsExactly("adopt");
    }

    @Test
    void it_follows_the_cues_of_what_it_opened_to_contents_the_question_does_not_name() {
        Reconstruction found = navigate(SETTINGS, "Where does the dog Maya adopted like to go?");

        assertThat(episodes(found)).startsWith("e1").contains("e2");
        assertThat(found.steps()).extracting(Step::action).contains("start", "open", "follow");
        Step follow = found.steps().stream()
                .filter(step -> step.action().equals("follow"))
                .findFirst()
                .orElseThrow();
        assertThat(follow.cues()).contains("rufu");
    }

    @Test
    void it_stops_when_a_step_adds_too_little_or_the_budget_is_spent() {
        Reconstruction exhausted = navigate(SETTINGS, "Where does Leo work?");
        assertThat(exhausted.stopped()).isEqualTo(Navigator.STOPPED_NO_GAIN);
        assertThat(episodes(exhausted)).startsWith("e4").doesNotContain("e1", "e5");

        Reconstruction budget = navigate(new ReconstructSettings(1, 1, 1.0, 0.5, 0.3, 0.1, 50), "What did Maya adopt?");
        assertThat(budget.stopped()).isEqualTo(Navigator.STOPPED_BUDGET);
        assertThat(budget.evidence()).hasSize(1);
    }

    @Test
    void without_a_cue_it_starts_from_what_a_search_found_or_does_not_start() {
        Reconstruction none = new Navigator(SETTINGS).navigate(graph, QuestionWords.of("Anything new?"), Map.of());
        assertThat(none.stopped()).isEqualTo(Navigator.STOPPED_NO_CUES);
        assertThat(none.evidence()).isEmpty();

        Reconstruction searched =
                new Navigator(SETTINGS).navigate(graph, QuestionWords.of("Anything new?"), Map.of(2, 1.0));
        assertThat(searched.steps().get(0).action()).isEqualTo("fact_search");
        assertThat(episodes(searched).get(0)).isEqualTo("e3");
    }

    @Test
    void the_rest_of_an_opened_contents_topic_becomes_a_candidate() {
        CueTagGraph oneEvent = new Memories()
                .said("t1", "s1", "Maya baked bread for the festival.", "Maya")
                .said("t2", "s1", "The festival bread sold out by noon.", "Maya")
                .graph();
        assertThat(oneEvent.topicOf(0)).as("one event").hasSize(2);

        Reconstruction found = new Navigator(new ReconstructSettings(2, 1, 1.0, 0, 0.3, 0.0, 50))
                .navigate(oneEvent, QuestionWords.of("What did Maya bake?"), Map.of());

        assertThat(found.evidence()).extracting(Evidence::content).containsExactly(0, 1);
    }

    private Reconstruction navigate(ReconstructSettings settings, String question) {
        return new Navigator(settings).navigate(graph, QuestionWords.of(question), Map.of());
    }

    private List<String> episodes(Reconstruction found) {
        return found.evidence().stream()
                .map(evidence -> graph.fact(evidence.content()).episodeId())
                .toList();
    }
}
