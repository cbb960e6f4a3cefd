package dev.engram.profile.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.profile.model.ProfileEntry;
import org.junit.jupiter.api.Test;

class SimilarityTest {

    private static final double THRESHOLD = 0.6;

    @Test
    void values_of_one_feature_are_near_duplicates_when_their_words_overlap_or_one_holds_the_other() {
        assertThat(Similarity.nearDuplicate(entry("hobby", "Hiking"), "hobby", "going hiking", THRESHOLD))
                .isTrue();
        assertThat(Similarity.nearDuplicate(entry("home town", "Boston"), "Home  town", "Boston, MA", THRESHOLD))
                .isTrue();
        assertThat(Similarity.nearDuplicate(entry("hobby", "hiking"), "hobby", "painting", THRESHOLD))
                .isFalse();
    }

    @Test
    void entries_of_different_features_are_compared_by_feature_and_value_together() {
        assertThat(Similarity.nearDuplicate(entry("favourite food", "sushi"), "favourite dish", "sushi", THRESHOLD))
                .isTrue();
        assertThat(Similarity.nearDuplicate(entry("pet", "a cat named Luna"), "car", "a red Honda", THRESHOLD))
                .isFalse();
    }

    @Test
    void exact_duplicates_differ_only_in_case_spacing_and_punctuation() {
        assertThat(Similarity.exactDuplicate(entry("Occupation", "charge nurse"), "occupation", " Charge  nurse."))
                .isTrue();
        assertThat(Similarity.exactDuplicate(entry("occupation", "nurse"), "occupation", "charge nurse"))
                .isFalse();
    }

    @Test
    void a_value_that_adds_words_to_the_same_feature_refines_it() {
        assertThat(Similarity.refines("occupation", "charge nurse", entry("occupation", "nurse")))
                .isTrue();
        assertThat(Similarity.refines("occupation", "nurse", entry("occupation", "charge nurse")))
                .isFalse();
        assertThat(Similarity.refines("employer", "charge nurse", entry("occupation", "nurse")))
                .isFalse();
    }

    @Test
    void the_phrases_kept_for_comparison_are_bounded() {
        for (int i = 0; i < 2 * Phrases.CAPACITY; i++) {
            Similarity.nearDuplicate(entry("hobby", "collecting stamps " + i), "hobby", "stamps " + i, THRESHOLD);
        }

        assertThat(Phrases.size()).isLessThanOrEqualTo(Phrases.CAPACITY);
        assertThat(Phrases.of("Going hiking!").words()).containsExactlyInAnyOrder("going", "hik");
    }

    private static ProfileEntry entry(String feature, String value) {
        ProfileEntry entry = new ProfileEntry();
        entry.subject = "user";
        entry.tag = "preferences";
        entry.feature = feature;
        entry.value = value;
        return entry;
    }
}
