package dev.engram.vector.reconstruct;

import static dev.engram.vector.reconstruct.Memories.fact;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TagsTest {

    @Test
    void the_tag_is_the_stem_of_what_follows_the_subject_with_its_particle() {
        assertThat(Tags.of(fact("Maya adopted a beagle named Rufus.", "Maya"))).isEqualTo("adopt");
        assertThat(Tags.of(fact("Leo moved to Porto last spring.", "Leo"))).isEqualTo("move to");
        assertThat(Tags.of(fact("Ana works at a bakery.", "Ana"))).isEqualTo("work at");
    }

    @Test
    void auxiliaries_and_adverbs_between_subject_and_relation_are_skipped() {
        assertThat(Tags.of(fact("Ana has finally finished her novel.", "Ana"))).isEqualTo("finish");
        assertThat(Tags.of(fact("Leo was recently promoted.", "Leo"))).isEqualTo("promot");
    }

    @Test
    void a_fact_whose_subject_is_none_of_its_people_has_no_tag() {
        assertThat(Tags.of(fact("The beagle sleeps all day.", "Maya"))).isEmpty();
        assertThat(Tags.of(fact("Maya and Leo met in Lisbon.", "Maya", "Leo"))).isEmpty();
    }

    @Test
    void a_tags_lemma_is_its_first_word() {
        assertThat(Tags.lemma("move to")).isEqualTo("move");
        assertThat(Tags.lemma("adopt")).isEqualTo("adopt");
    }
}
