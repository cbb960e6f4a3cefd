package dev.engram.retrieval.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.ShortTermMemory;
import dev.engram.retrieval.model.EpisodeCluster;
import dev.engram.retrieval.support.Conversation;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class ContextAssemblerTest {

    private static final Map<String, Episode> STORED =
            Conversation.episodes().stream().collect(Collectors.toMap(Episode::getId, Function.identity()));

    private final ContextAssembler assembler = new ContextAssembler();

    @Test
    void each_episode_is_a_line_with_its_utc_minute_and_speaker() {
        String context = assembler.assemble(List.of(cluster("s1-1", "s1-2")), 2000);

        assertThat(context)
                .isEqualTo("[2023-05-08 13:50] Caroline: message s1-1\n" + "[2023-05-08 13:51] Melanie: message s1-2");
    }

    @Test
    void clusters_keep_their_order_and_are_separated_by_a_blank_line() {
        String context = assembler.assemble(List.of(cluster("s2-1"), cluster("s1-1")), 2000);

        assertThat(context)
                .isEqualTo(
                        "[2023-05-25 09:00] Caroline: message s2-1\n\n" + "[2023-05-08 13:50] Caroline: message s1-1");
    }

    @Test
    void short_term_memory_comes_first_summary_then_recent_episodes() {
        ShortTermMemory memory = ShortTermMemory.newBuilder()
                .setSummary("Caroline and Melanie talked about painting.")
                .addEpisodes(STORED.get("s1-7"))
                .addEpisodes(STORED.get("s1-8"))
                .build();

        String context = assembler.assemble(Optional.of(memory), List.of(cluster("s2-1")), 2000);

        assertThat(context)
                .isEqualTo("Earlier in this session: Caroline and Melanie talked about painting.\n\n"
                        + "[2023-05-08 13:56] Caroline: message s1-7\n"
                        + "[2023-05-08 13:57] Melanie: message s1-8\n\n"
                        + "[2023-05-25 09:00] Caroline: message s2-1");
    }

    @Test
    void an_empty_short_term_memory_adds_nothing() {
        String context =
                assembler.assemble(Optional.of(ShortTermMemory.getDefaultInstance()), List.of(cluster("s2-1")), 2000);

        assertThat(context).isEqualTo("[2023-05-25 09:00] Caroline: message s2-1");
    }

    @Test
    void long_term_clusters_give_way_when_short_term_memory_fills_the_budget() {
        ShortTermMemory memory = ShortTermMemory.newBuilder()
                .addEpisodes(STORED.get("s1-7"))
                .addEpisodes(STORED.get("s1-8"))
                .build();
        String recentOnly = assembler.assemble(Optional.of(memory), List.of(), 2000);

        String context =
                assembler.assemble(Optional.of(memory), List.of(cluster("s2-1")), TokenEstimate.of(recentOnly));

        assertThat(context).isEqualTo(recentOnly);
    }

    @Test
    void a_timestamp_with_an_offset_is_shown_in_utc() {
        Episode late = Conversation.episode("caroline", "s", "late", Instant.parse("2023-05-08T23:59:59+02:00"), 1);

        assertThat(ContextAssembler.line(late)).startsWith("[2023-05-08 21:59] ");
    }

    @Test
    void a_relative_time_is_followed_by_the_date_it_meant_when_it_was_said() {
        Episode said = STORED.get("s1-2").toBuilder()
                .setContent("I adopted him yesterday and we start training next week.")
                .build();

        assertThat(ContextAssembler.line(said))
                .endsWith(": I adopted him yesterday (2023-05-07) and we start training next week"
                        + " (2023-05-15 to 2023-05-21).");
    }

    @Test
    void a_missing_producer_falls_back_to_the_role() {
        Episode anonymous = STORED.get("s1-2").toBuilder().clearProducer().build();

        assertThat(ContextAssembler.line(anonymous)).isEqualTo("[2023-05-08 13:51] assistant: message s1-2");
    }

    @Test
    void clusters_are_added_until_the_next_one_does_not_fit() {
        List<EpisodeCluster> clusters = List.of(cluster("s1-1", "s1-2"), cluster("s2-1", "s2-2"), cluster("s1-8"));
        String firstTwo = assembler.assemble(clusters.subList(0, 2), 2000);

        String context = assembler.assemble(clusters, TokenEstimate.of(firstTwo) + 5);

        assertThat(context).isEqualTo(firstTwo);
        assertThat(TokenEstimate.of(context)).isLessThanOrEqualTo(TokenEstimate.of(firstTwo) + 5);
    }

    @Test
    void a_later_small_cluster_does_not_jump_over_one_that_did_not_fit() {
        EpisodeCluster big = cluster("s2-1", "s2-2", "s2-3", "s2-4", "s2-5");
        String first = assembler.assemble(List.of(cluster("s1-1")), 2000);

        String context =
                assembler.assemble(List.of(cluster("s1-1"), big, cluster("s1-8")), TokenEstimate.of(first) + 20);

        assertThat(context).isEqualTo(first);
    }

    @Test
    void a_first_cluster_too_big_for_the_budget_is_cut_at_a_line_boundary() {
        EpisodeCluster big = cluster("s1-1", "s1-2", "s1-3", "s1-4");
        String twoLines = "[2023-05-08 13:50] Caroline: message s1-1\n[2023-05-08 13:51] Melanie: message s1-2";

        String context = assembler.assemble(List.of(big, cluster("s2-1")), TokenEstimate.of(twoLines) + 3);

        assertThat(context).isEqualTo(twoLines);
    }

    @Test
    void the_budget_holds_for_every_size() {
        List<EpisodeCluster> clusters = Stream.of("s1-1", "s1-4", "s2-2", "s2-5")
                .map(ContextAssemblerTest::cluster)
                .toList();

        for (int budget = 0; budget <= 200; budget++) {
            assertThat(TokenEstimate.of(assembler.assemble(clusters, budget))).isLessThanOrEqualTo(budget);
        }
    }

    private static EpisodeCluster cluster(String... ids) {
        List<Episode> episodes = Stream.of(ids).map(STORED::get).toList();
        return new EpisodeCluster(ids[0], 1f, episodes);
    }
}
