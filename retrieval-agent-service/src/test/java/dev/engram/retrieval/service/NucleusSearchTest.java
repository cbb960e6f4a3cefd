package dev.engram.retrieval.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.proto.v1.VectorHit;
import dev.engram.retrieval.model.Nucleus;
import java.util.List;
import org.junit.jupiter.api.Test;

class NucleusSearchTest {

    @Test
    void hits_on_one_episode_make_one_nucleus_with_the_best_score_in_first_hit_order() {
        List<Nucleus> nuclei = NucleusSearch.nuclei(
                List.of(hit("b", 0.9f), hit("a", 0.8f), hit("b", 0.95f), hit("c", 0.1f), hit("a", 0.2f)));

        assertThat(nuclei).containsExactly(new Nucleus("b", 0.95f), new Nucleus("a", 0.8f), new Nucleus("c", 0.1f));
    }

    private static VectorHit hit(String episodeId, float score) {
        return VectorHit.newBuilder().setEpisodeId(episodeId).setScore(score).build();
    }
}
