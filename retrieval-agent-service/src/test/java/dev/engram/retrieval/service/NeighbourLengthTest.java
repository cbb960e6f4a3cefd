package dev.engram.retrieval.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.engram.proto.v1.Episode;
import org.junit.jupiter.api.Test;

class NeighbourLengthTest {

    private final NeighbourLength threeTimes = new NeighbourLength(3);

    @Test
    void a_reply_of_about_the_hits_length_joins_and_an_essay_does_not() {
        Episode statement = episode("I just started a new job as a charge nurse at St. Mary's in Denver, last week.");
        Episode reply = episode("Congratulations! How are you finding the night shifts so far, and the commute?");
        Episode essay =
                episode("Congratulations on the new role! Here are a few tips for your first weeks. ".repeat(12));

        assertThat(threeTimes.fits(reply, statement)).isTrue();
        assertThat(threeTimes.fits(essay, statement)).isFalse();
    }

    @Test
    void a_nucleus_of_a_few_words_counts_as_a_short_sentence() {
        Episode yes = episode("Yes, last week!");
        Episode question =
                episode("Did you ever get to see the lighthouse up north that your grandmother told you about?");

        assertThat(threeTimes.fits(question, yes)).isTrue();
    }

    @Test
    void a_long_nucleus_takes_long_neighbours() {
        Episode answer = episode("Here is a detailed plan for the trip, day by day, with prices. ".repeat(10));
        Episode followUp = episode("Thanks, that helps. Can you shorten day two? ".repeat(10));

        assertThat(threeTimes.fits(followUp, answer)).isTrue();
    }

    @Test
    void ratio_zero_lets_every_neighbour_join_and_a_negative_one_is_refused() {
        Episode statement = episode("Ok.");
        Episode essay = episode("word ".repeat(2000));

        assertThat(new NeighbourLength(0).fits(essay, statement)).isTrue();
        assertThatThrownBy(() -> new NeighbourLength(-1)).hasMessageContaining("neighbour-length-ratio");
    }

    private static Episode episode(String content) {
        return Episode.newBuilder().setId("e").setContent(content).build();
    }
}
