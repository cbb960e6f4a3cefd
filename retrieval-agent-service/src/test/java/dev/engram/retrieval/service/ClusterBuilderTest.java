package dev.engram.retrieval.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.EpisodeContext;
import dev.engram.retrieval.model.EpisodeCluster;
import dev.engram.retrieval.model.Nucleus;
import dev.engram.retrieval.support.Conversation;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ClusterBuilderTest {

    private static final Map<String, Episode> STORED =
            Conversation.episodes().stream().collect(Collectors.toMap(Episode::getId, Function.identity()));

    // Large enough that no test cluster reaches it, except where a test says otherwise.
    private static final int NO_CAP = 1000;

    private static final ClusterBuilder.NeighbourGate EVERY_NEIGHBOUR = (neighbour, nucleus) -> true;

    private final ClusterBuilder builder = new ClusterBuilder();

    @Test
    void each_nucleus_becomes_a_cluster_in_retrieval_order() {
        List<EpisodeCluster> clusters = builder.build(
                List.of(new Nucleus("s2-4", 0.9f), new Nucleus("s1-2", 0.4f)),
                List.of(
                        context("s2-4", "s2-2", "s2-3", "s2-4", "s2-5"),
                        context("s1-2", "s1-1", "s1-2", "s1-3", "s1-4")),
                1,
                1,
                10,
                NO_CAP,
                EVERY_NEIGHBOUR);

        assertThat(clusters).extracting(EpisodeCluster::nucleusId).containsExactly("s2-4", "s1-2");
        assertThat(clusters).extracting(EpisodeCluster::score).containsExactly(0.9f, 0.4f);
        assertThat(ids(clusters.get(0))).containsExactly("s2-3", "s2-4", "s2-5");
        assertThat(ids(clusters.get(1))).containsExactly("s1-1", "s1-2", "s1-3");
    }

    @Test
    void neighbours_are_counted_around_the_nucleus_and_the_probe_episodes_are_left_out() {
        List<EpisodeCluster> clusters = builder.build(
                List.of(new Nucleus("s1-4", 1f)),
                List.of(context("s1-4", "s1-2", "s1-3", "s1-4", "s1-5", "s1-6", "s1-7")),
                1,
                2,
                10,
                NO_CAP,
                EVERY_NEIGHBOUR);

        assertThat(ids(clusters.get(0))).containsExactly("s1-3", "s1-4", "s1-5", "s1-6");
    }

    @Test
    void clusters_sharing_an_episode_merge_and_the_better_ranked_nucleus_leads() {
        List<EpisodeCluster> clusters = builder.build(
                List.of(new Nucleus("s1-5", 0.8f), new Nucleus("s1-3", 0.5f)),
                List.of(
                        context("s1-5", "s1-3", "s1-4", "s1-5", "s1-6", "s1-7"),
                        context("s1-3", "s1-1", "s1-2", "s1-3", "s1-4", "s1-5")),
                1,
                1,
                10,
                NO_CAP,
                EVERY_NEIGHBOUR);

        assertThat(clusters).singleElement().satisfies(cluster -> {
            assertThat(cluster.nucleusId()).isEqualTo("s1-5");
            assertThat(cluster.score()).isEqualTo(0.8f);
            assertThat(ids(cluster)).containsExactly("s1-2", "s1-3", "s1-4", "s1-5", "s1-6");
        });
    }

    @Test
    void touching_neighbourhoods_merge_into_one_stretch() {
        // s1-1..s1-2 and s1-3..s1-4 share no episode but nothing lies between them.
        List<EpisodeCluster> clusters = builder.build(
                List.of(new Nucleus("s1-1", 0.9f), new Nucleus("s1-3", 0.7f)),
                List.of(context("s1-1", "s1-1", "s1-2", "s1-3"), context("s1-3", "s1-2", "s1-3", "s1-4", "s1-5")),
                0,
                1,
                10,
                NO_CAP,
                EVERY_NEIGHBOUR);

        assertThat(clusters).singleElement().satisfies(cluster -> {
            assertThat(cluster.nucleusId()).isEqualTo("s1-1");
            assertThat(ids(cluster)).containsExactly("s1-1", "s1-2", "s1-3", "s1-4");
        });
    }

    @Test
    void neighbourhoods_with_an_episode_between_them_stay_apart() {
        List<EpisodeCluster> clusters = builder.build(
                List.of(new Nucleus("s1-1", 0.9f), new Nucleus("s1-4", 0.7f)),
                List.of(context("s1-1", "s1-1", "s1-2"), context("s1-4", "s1-3", "s1-4", "s1-5")),
                0,
                0,
                10,
                NO_CAP,
                EVERY_NEIGHBOUR);

        assertThat(clusters).extracting(EpisodeCluster::nucleusId).containsExactly("s1-1", "s1-4");
    }

    @Test
    void a_cluster_bridging_two_others_merges_all_three() {
        List<EpisodeCluster> clusters = builder.build(
                List.of(new Nucleus("s1-1", 0.9f), new Nucleus("s1-7", 0.7f), new Nucleus("s1-4", 0.6f)),
                List.of(
                        context("s1-1", "s1-1", "s1-2"),
                        context("s1-7", "s1-6", "s1-7", "s1-8"),
                        context("s1-4", "s1-2", "s1-3", "s1-4", "s1-5", "s1-6")),
                0,
                0,
                10,
                NO_CAP,
                EVERY_NEIGHBOUR);

        assertThat(clusters).hasSize(3);

        List<EpisodeCluster> widened = builder.build(
                List.of(new Nucleus("s1-1", 0.9f), new Nucleus("s1-6", 0.7f), new Nucleus("s1-4", 0.6f)),
                List.of(
                        context("s1-1", "s1-1", "s1-2", "s1-3"),
                        context("s1-6", "s1-4", "s1-5", "s1-6", "s1-7", "s1-8"),
                        context("s1-4", "s1-2", "s1-3", "s1-4", "s1-5", "s1-6")),
                1,
                1,
                10,
                NO_CAP,
                EVERY_NEIGHBOUR);

        assertThat(widened).singleElement().satisfies(cluster -> {
            assertThat(cluster.nucleusId()).isEqualTo("s1-1");
            assertThat(ids(cluster)).containsExactly("s1-1", "s1-2", "s1-3", "s1-4", "s1-5", "s1-6", "s1-7");
        });
    }

    @Test
    void clusters_never_merge_across_sessions() {
        List<EpisodeCluster> clusters = builder.build(
                List.of(new Nucleus("s1-8", 0.9f), new Nucleus("s2-1", 0.8f)),
                List.of(context("s1-8", "s1-7", "s1-8"), context("s2-1", "s2-1", "s2-2")),
                1,
                1,
                10,
                NO_CAP,
                EVERY_NEIGHBOUR);

        assertThat(clusters).hasSize(2);
    }

    @Test
    void only_the_first_limit_clusters_are_built() {
        List<EpisodeCluster> clusters = builder.build(
                List.of(new Nucleus("s1-5", 0.9f), new Nucleus("s2-3", 0.6f), new Nucleus("s1-1", 0.3f)),
                List.of(context("s1-1", "s1-1"), context("s1-5", "s1-5"), context("s2-3", "s2-3")),
                0,
                0,
                2,
                NO_CAP,
                EVERY_NEIGHBOUR);

        assertThat(clusters).extracting(EpisodeCluster::nucleusId).containsExactly("s1-5", "s2-3");
    }

    @Test
    void lower_ranked_nuclei_do_not_grow_clusters_once_the_limit_is_reached() {
        List<EpisodeCluster> clusters = builder.build(
                List.of(new Nucleus("s1-5", 0.9f), new Nucleus("s1-7", 0.8f)),
                List.of(
                        context("s1-5", "s1-3", "s1-4", "s1-5", "s1-6", "s1-7"),
                        context("s1-7", "s1-5", "s1-6", "s1-7", "s1-8")),
                1,
                1,
                1,
                NO_CAP,
                EVERY_NEIGHBOUR);

        assertThat(clusters).hasSize(1);
        assertThat(ids(clusters.get(0))).containsExactly("s1-4", "s1-5", "s1-6");
    }

    @Test
    void a_nucleus_already_inside_a_better_cluster_adds_nothing() {
        List<EpisodeCluster> clusters = builder.build(
                List.of(new Nucleus("s1-5", 0.9f), new Nucleus("s1-6", 0.8f), new Nucleus("s2-1", 0.7f)),
                List.of(
                        context("s1-5", "s1-4", "s1-5", "s1-6"),
                        context("s1-6", "s1-5", "s1-6", "s1-7"),
                        context("s2-1", "s2-1", "s2-2")),
                1,
                1,
                2,
                NO_CAP,
                EVERY_NEIGHBOUR);

        assertThat(clusters).extracting(EpisodeCluster::nucleusId).containsExactly("s1-5", "s2-1");
        assertThat(ids(clusters.get(0))).containsExactly("s1-4", "s1-5", "s1-6");
    }

    @Test
    void episodes_are_in_session_order_by_time_then_arrival() {
        Instant sameMinute = Instant.parse("2023-05-08T14:00:00Z");
        Episode later = Conversation.episode("caroline", "s", "late", sameMinute.plusSeconds(30), 1);
        Episode secondArrival = Conversation.episode("caroline", "s", "second", sameMinute, 7);
        Episode firstArrival = Conversation.episode("caroline", "s", "first", sameMinute, 6);
        EpisodeContext context = EpisodeContext.newBuilder()
                .setEpisodeId("second")
                .addAllEpisodes(List.of(later, secondArrival, firstArrival))
                .build();

        List<EpisodeCluster> clusters =
                builder.build(List.of(new Nucleus("second", 1f)), List.of(context), 5, 5, 10, NO_CAP, EVERY_NEIGHBOUR);

        assertThat(ids(clusters.get(0))).containsExactly("first", "second", "late");
    }

    @Test
    void a_nucleus_whose_episode_is_gone_yields_no_cluster() {
        List<EpisodeCluster> clusters = builder.build(
                List.of(new Nucleus("deleted", 0.9f), new Nucleus("s1-1", 0.5f)),
                List.of(context("s1-1", "s1-1")),
                1,
                2,
                10,
                NO_CAP,
                EVERY_NEIGHBOUR);

        assertThat(clusters).extracting(EpisodeCluster::nucleusId).containsExactly("s1-1");
    }

    private static EpisodeContext context(String nucleus, String... ids) {
        EpisodeContext.Builder context = EpisodeContext.newBuilder().setEpisodeId(nucleus);
        for (String id : ids) {
            context.addEpisodes(STORED.get(id));
        }
        return context.build();
    }

    private static List<String> ids(EpisodeCluster cluster) {
        return cluster.episodes().stream().map(Episode::getId).toList();
    }

    @Test
    void a_full_cluster_stops_growing_and_the_next_neighbourhood_keeps_only_its_own_episodes() {
        List<EpisodeCluster> clusters = builder.build(
                List.of(new Nucleus("s1-2", 0.9f), new Nucleus("s1-4", 0.8f), new Nucleus("s1-6", 0.7f)),
                List.of(
                        context("s1-2", "s1-1", "s1-2", "s1-3"),
                        context("s1-4", "s1-3", "s1-4", "s1-5"),
                        context("s1-6", "s1-5", "s1-6", "s1-7")),
                0,
                1,
                10,
                4,
                EVERY_NEIGHBOUR);

        assertThat(clusters).extracting(EpisodeCluster::nucleusId).containsExactly("s1-2", "s1-6");
        assertThat(ids(clusters.get(0))).containsExactly("s1-2", "s1-3", "s1-4", "s1-5");
        assertThat(ids(clusters.get(1))).containsExactly("s1-6", "s1-7");
    }

    @Test
    void a_neighbour_the_search_did_not_hit_is_left_out() {
        List<EpisodeCluster> clusters = builder.build(
                List.of(new Nucleus("s1-4", 0.9f)),
                List.of(context("s1-4", "s1-2", "s1-3", "s1-4", "s1-5", "s1-6", "s1-7")),
                1,
                2,
                10,
                NO_CAP,
                hits("s1-4", "s1-5"));

        assertThat(clusters).singleElement().satisfies(cluster -> {
            assertThat(cluster.nucleusId()).isEqualTo("s1-4");
            assertThat(ids(cluster)).containsExactly("s1-4", "s1-5");
        });
    }

    @Test
    void a_weaker_nucleus_the_gate_refuses_beside_the_stronger_one_stays_a_cluster_of_its_own() {
        List<Nucleus> nuclei = List.of(new Nucleus("s1-3", 0.9f), new Nucleus("s1-4", 0.5f));
        List<EpisodeContext> contexts = List.of(
                context("s1-3", "s1-2", "s1-3", "s1-4", "s1-5"), context("s1-4", "s1-3", "s1-4", "s1-5", "s1-6"));
        // Beside s1-3, only s1-2 is admitted (as a long turn beside a short nucleus would not be).
        ClusterBuilder.NeighbourGate besideStrongest = (neighbour, nucleus) ->
                nucleus.getId().equals("s1-3") ? neighbour.getId().equals("s1-2") : true;

        List<EpisodeCluster> gated = builder.build(nuclei, contexts, 0, 0, 10, NO_CAP, besideStrongest);
        List<EpisodeCluster> open = builder.build(nuclei, contexts, 0, 0, 10, NO_CAP, EVERY_NEIGHBOUR);

        assertThat(gated).extracting(EpisodeCluster::nucleusId).containsExactly("s1-3", "s1-4");
        assertThat(open)
                .singleElement()
                .satisfies(cluster -> assertThat(ids(cluster)).containsExactly("s1-3", "s1-4"));
    }

    @Test
    void the_nucleus_is_kept_even_when_the_gate_refuses_every_episode() {
        List<EpisodeCluster> clusters = builder.build(
                List.of(new Nucleus("s1-4", 0.9f)),
                List.of(context("s1-4", "s1-2", "s1-3", "s1-4", "s1-5", "s1-6")),
                1,
                1,
                10,
                NO_CAP,
                (neighbour, nucleus) -> false);

        assertThat(clusters).singleElement().satisfies(cluster -> {
            assertThat(cluster.nucleusId()).isEqualTo("s1-4");
            assertThat(cluster.score()).isEqualTo(0.9f);
            assertThat(ids(cluster)).containsExactly("s1-4");
        });
    }

    @Test
    void accepted_neighbours_are_kept_in_session_order_around_the_refused_ones() {
        List<EpisodeCluster> clusters = builder.build(
                List.of(new Nucleus("s1-4", 0.9f)),
                List.of(context("s1-4", "s1-1", "s1-2", "s1-3", "s1-4", "s1-5", "s1-6", "s1-7")),
                2,
                2,
                10,
                NO_CAP,
                hits("s1-6", "s1-4", "s1-2"));

        assertThat(ids(clusters.get(0))).containsExactly("s1-2", "s1-4", "s1-6");
    }

    @Test
    void the_probe_episodes_stay_out_even_when_the_search_hit_them() {
        List<EpisodeCluster> clusters = builder.build(
                List.of(new Nucleus("s1-4", 0.9f)),
                List.of(context("s1-4", "s1-2", "s1-3", "s1-4", "s1-5", "s1-6")),
                1,
                1,
                10,
                NO_CAP,
                hits("s1-2", "s1-4", "s1-6"));

        assertThat(ids(clusters.get(0))).containsExactly("s1-4");
    }

    @Test
    void nuclei_separated_only_by_refused_neighbours_stay_apart() {
        List<Nucleus> nuclei = List.of(new Nucleus("s1-2", 0.9f), new Nucleus("s1-5", 0.7f));
        List<EpisodeContext> contexts = List.of(
                context("s1-2", "s1-1", "s1-2", "s1-3", "s1-4"),
                context("s1-5", "s1-3", "s1-4", "s1-5", "s1-6", "s1-7"));

        List<EpisodeCluster> everyNeighbour = builder.build(nuclei, contexts, 1, 1, 10, NO_CAP, EVERY_NEIGHBOUR);
        List<EpisodeCluster> gated = builder.build(nuclei, contexts, 1, 1, 10, NO_CAP, hits("s1-2", "s1-5"));

        // With every neighbour, s1-3 and s1-4 sit side by side and join the two neighbourhoods.
        assertThat(everyNeighbour)
                .singleElement()
                .satisfies(cluster ->
                        assertThat(ids(cluster)).containsExactly("s1-1", "s1-2", "s1-3", "s1-4", "s1-5", "s1-6"));
        assertThat(gated).extracting(EpisodeCluster::nucleusId).containsExactly("s1-2", "s1-5");
        assertThat(ids(gated.get(0))).containsExactly("s1-2");
        assertThat(ids(gated.get(1))).containsExactly("s1-5");
    }

    @Test
    void accepted_neighbours_with_a_refused_one_between_them_stay_apart() {
        List<EpisodeCluster> clusters = builder.build(
                List.of(new Nucleus("s1-2", 0.9f), new Nucleus("s1-6", 0.7f)),
                List.of(
                        context("s1-2", "s1-1", "s1-2", "s1-3", "s1-4"),
                        context("s1-6", "s1-4", "s1-5", "s1-6", "s1-7", "s1-8")),
                1,
                1,
                10,
                NO_CAP,
                hits("s1-2", "s1-3", "s1-5", "s1-6"));

        assertThat(clusters).extracting(EpisodeCluster::nucleusId).containsExactly("s1-2", "s1-6");
        assertThat(ids(clusters.get(0))).containsExactly("s1-2", "s1-3");
        assertThat(ids(clusters.get(1))).containsExactly("s1-5", "s1-6");
    }

    @Test
    void adjacent_nuclei_merge_when_no_neighbour_is_kept() {
        List<EpisodeCluster> clusters = builder.build(
                List.of(new Nucleus("s1-3", 0.9f), new Nucleus("s1-4", 0.7f)),
                List.of(context("s1-3", "s1-2", "s1-3", "s1-4"), context("s1-4", "s1-3", "s1-4", "s1-5")),
                0,
                0,
                10,
                NO_CAP,
                hits("s1-3", "s1-4"));

        assertThat(clusters).singleElement().satisfies(cluster -> {
            assertThat(cluster.nucleusId()).isEqualTo("s1-3");
            assertThat(ids(cluster)).containsExactly("s1-3", "s1-4");
        });
    }

    @Test
    void nuclei_whose_accepted_neighbours_touch_merge() {
        List<EpisodeCluster> clusters = builder.build(
                List.of(new Nucleus("s1-2", 0.9f), new Nucleus("s1-5", 0.7f)),
                List.of(
                        context("s1-2", "s1-1", "s1-2", "s1-3", "s1-4"),
                        context("s1-5", "s1-3", "s1-4", "s1-5", "s1-6", "s1-7")),
                1,
                1,
                10,
                NO_CAP,
                hits("s1-2", "s1-3", "s1-4", "s1-5"));

        assertThat(clusters).singleElement().satisfies(cluster -> {
            assertThat(cluster.nucleusId()).isEqualTo("s1-2");
            assertThat(ids(cluster)).containsExactly("s1-2", "s1-3", "s1-4", "s1-5");
        });
    }

    @Test
    void nuclei_sharing_an_accepted_neighbour_merge_and_skip_the_refused_ones() {
        List<EpisodeCluster> clusters = builder.build(
                List.of(new Nucleus("s1-2", 0.9f), new Nucleus("s1-6", 0.7f)),
                List.of(
                        context("s1-2", "s1-1", "s1-2", "s1-3", "s1-4", "s1-5"),
                        context("s1-6", "s1-3", "s1-4", "s1-5", "s1-6", "s1-7", "s1-8")),
                2,
                2,
                10,
                NO_CAP,
                hits("s1-2", "s1-4", "s1-6"));

        assertThat(clusters).singleElement().satisfies(cluster -> {
            assertThat(cluster.nucleusId()).isEqualTo("s1-2");
            assertThat(cluster.score()).isEqualTo(0.9f);
            assertThat(ids(cluster)).containsExactly("s1-2", "s1-4", "s1-6");
        });
    }

    /** The gate of a search that hit exactly these episodes. */
    private static ClusterBuilder.NeighbourGate hits(String... ids) {
        Set<String> hit = Set.of(ids);
        return (neighbour, nucleus) -> hit.contains(neighbour.getId());
    }
}
