package dev.engram.retrieval.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.retrieval.model.Nucleus;
import java.util.List;
import org.junit.jupiter.api.Test;

class NucleusFusionTest {

    @Test
    void one_ranking_stays_as_it_is() {
        List<Nucleus> only = List.of(new Nucleus("a", 0.9f, "A"), new Nucleus("b", 0.5f, "B"));

        assertThat(NucleusFusion.fuse(List.of(only), 60)).isSameAs(only);
    }

    @Test
    void episodes_found_by_several_queries_rise_and_appear_once() {
        List<Nucleus> first = List.of(new Nucleus("a", 0.9f, "A"), new Nucleus("b", 0.8f, "B"));
        List<Nucleus> second = List.of(new Nucleus("c", 0.7f, "C"), new Nucleus("b", 0.6f, "B"));

        List<Nucleus> fused = NucleusFusion.fuse(List.of(first, second), 60);

        assertThat(fused).extracting(Nucleus::episodeId).containsExactly("b", "a", "c");
        assertThat(fused).extracting(Nucleus::text).containsExactly("B", "A", "C");
    }
}
