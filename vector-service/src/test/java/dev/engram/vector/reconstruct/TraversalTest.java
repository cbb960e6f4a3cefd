package dev.engram.vector.reconstruct;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.vector.reconstruct.Traversal.CueSummary;
import dev.engram.vector.reconstruct.Traversal.Reached;
import dev.engram.vector.reconstruct.Traversal.TagCount;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each traversal action an outside navigator may take, on a small hand-made memory. */
class TraversalTest {

    private final CueTagGraph graph = new Memories()
            .said("e1", "s1", "Maya adopted a beagle named Rufus.", "Maya")
            .said("e2", "s1", "Rufus loves the park by the river.", "Maya")
            .said("e3", "s2", "Leo moved to Porto.", "Leo")
            .said("e4", "s3", "Maya adopted a kitten from the shelter.", "Maya")
            .said("e5", "s3", "Maya painted a sunset over the lake.", "Maya")
            .graph();

    private final Traversal everything = traversal("What did Maya adopt?", content -> true);

    @Test
    void a_start_shows_the_cues_the_question_names_each_with_its_tags_most_contents_first() {
        Reached start = everything.start();

        assertThat(start.error()).isEmpty();
        assertThat(start.cues()).extracting(CueSummary::cue).containsExactlyInAnyOrder("maya", "adopt");
        CueSummary maya = cue(start, "maya");
        assertThat(maya.contents()).isEqualTo(4);
        assertThat(maya.tags().get(0)).isEqualTo(new TagCount("adopt", 2));
        assertThat(maya.tags()).extracting(TagCount::tag).contains("paint");
        assertThat(start.contents()).isEmpty();
    }

    @Test
    void a_cue_leads_to_its_tags_and_a_cue_and_tag_to_their_contents() {
        assertThat(cue(everything.tags("Leo"), "leo").tags()).containsExactly(new TagCount("move to", 1));

        assertThat(facts(everything.open("maya", "adopt"))).containsExactly("e1", "e4");
        assertThat(facts(everything.open("maya", "paint"))).containsExactly("e5");
        assertThat(facts(everything.open("maya", ""))).hasSize(4).startsWith("e1", "e4");
        assertThat(facts(everything.open("maya", "sing"))).isEmpty();
    }

    @Test
    void a_content_leads_back_to_its_cues_and_to_the_rest_of_its_event() {
        Reached cues = everything.cues("e1#f1");
        assertThat(cues.cues()).extracting(CueSummary::cue).contains("maya", "rufu", "beagl");
        assertThat(cue(cues, "rufu").contents()).isEqualTo(2);

        int[] event = graph.topicOf(graph.content("e1#f1"));
        Reached topic = everything.topic("e1#f1");
        assertThat(topic.error()).isEmpty();
        assertThat(topic.contents())
                .doesNotContain(graph.content("e1#f1"))
                .containsExactlyInAnyOrderElementsOf(Arrays.stream(event)
                        .filter(member -> member != graph.content("e1#f1"))
                        .boxed()
                        .toList());
    }

    @Test
    void what_cannot_be_done_says_why() {
        assertThat(everything.open("bob", "").error()).isEqualTo(Traversal.UNKNOWN_CUE);
        assertThat(everything.tags(" ").error()).isEqualTo(Traversal.MISSING_CUE);
        assertThat(everything.cues("nope#f1").error()).isEqualTo(Traversal.UNKNOWN_FACT);
        assertThat(everything.topic("").error()).isEqualTo(Traversal.MISSING_FACT);
    }

    @Test
    void a_cue_is_found_as_said_or_as_stemmed() {
        assertThat(facts(everything.open("Rufus", ""))).containsExactlyInAnyOrder("e1", "e2");
        assertThat(facts(everything.open("Maya's", "adopt"))).containsExactly("e1", "e4");
    }

    @Test
    void what_the_caller_may_not_see_is_never_reached_and_unknown_when_named() {
        int hidden = graph.content("e4#f1");
        Traversal filtered = traversal("What did Maya adopt?", content -> content != hidden);

        assertThat(facts(filtered.open("maya", "adopt"))).containsExactly("e1");
        assertThat(cue(filtered.tags("maya"), "maya").tags().get(0)).isEqualTo(new TagCount("adopt", 1));
        assertThat(filtered.cues("e4#f1").error()).isEqualTo(Traversal.UNKNOWN_FACT);
        assertThat(filtered.content("e4#f1")).isEqualTo(-1);
    }

    @Test
    void the_contents_that_fit_the_question_come_first() {
        Traversal aboutTheKitten = traversal("Where did the kitten Maya adopted come from?", content -> true);

        assertThat(facts(aboutTheKitten.open("maya", ""))).startsWith("e4", "e1");
    }

    private Traversal traversal(String question, java.util.function.IntPredicate visible) {
        return new Traversal(graph, QuestionWords.of(question), visible);
    }

    private List<String> facts(Reached reached) {
        return reached.contents().stream()
                .map(content -> graph.fact(content).episodeId())
                .toList();
    }

    private static CueSummary cue(Reached reached, String cue) {
        return reached.cues().stream()
                .filter(summary -> summary.cue().equals(cue))
                .findFirst()
                .orElseThrow();
    }
}
