package dev.engram.vector.reconstruct;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Building cues, tags and contents from facts, and the traversals between them. */
class CueTagGraphTest {

    private final CueTagGraph graph = new Memories()
            .said("e1", "s1", "Maya adopted a beagle named Rufus.", "Maya")
            .said("e2", "s1", "Rufus loves the park by the river.", "Maya")
            .said("e3", "s2", "Leo moved to Porto.", "Leo")
            .graph();

    @Test
    void every_person_and_keyword_of_a_fact_is_a_cue_of_it_and_its_relation_its_tag() {
        assertThat(graph.contents()).isEqualTo(3);
        assertThat(graph.cuesOf(0)).contains("maya", "adopt", "beagl", "rufu");
        assertThat(graph.tagOf(0)).isEqualTo("adopt");
        assertThat(graph.tagOf(2)).isEqualTo("move to");
        assertThat(graph.tags()).isEqualTo(2);
    }

    @Test
    void a_cue_leads_to_every_content_it_is_a_cue_of_and_a_content_back_to_its_cues() {
        assertThat(graph.contentsOf("rufu")).containsExactly(0, 1);
        assertThat(graph.contentsOf("leo")).containsExactly(2);
        assertThat(graph.contentsOf("unknown")).isEmpty();
        assertThat(graph.spread("maya")).isEqualTo(2);
        assertThat(graph.hasCue("porto")).isTrue();
        assertThat(graph.cuesOf(2)).contains("leo", "porto");
    }

    @Test
    void a_content_belongs_to_its_facts_event_and_is_found_by_its_fact_id() {
        assertThat(graph.topicOf(0)).contains(0);
        assertThat(graph.topicOf(2)).containsExactly(2);
        assertThat(graph.content("e3#f1")).isEqualTo(2);
        assertThat(graph.content("nope#f1")).isEqualTo(-1);
        assertThat(graph.fact(1).episodeId()).isEqualTo("e2");
    }
}
