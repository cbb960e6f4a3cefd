package dev.engram.retrieval.service;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Timestamp;
import dev.engram.proto.v1.Episode;
import dev.engram.retrieval.config.RetrievalConfig;
import dev.engram.retrieval.model.EpisodeCluster;
import dev.engram.retrieval.model.EpisodeCluster.Relevance;
import java.lang.reflect.Proxy;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class LatestFirstTest {

    private final LatestFirst latestFirst = new LatestFirst(config(true, 0.03));

    @Test
    void for_a_question_about_the_present_the_newest_of_the_closest_clusters_comes_first() {
        EpisodeCluster boston = cluster("boston", "2021-03-01T10:00:00Z", 0.80f);
        EpisodeCluster offTopic = cluster("hiking", "2023-06-01T10:00:00Z", 0.60f);
        EpisodeCluster denver = cluster("denver", "2022-05-01T10:00:00Z", 0.82f);
        EpisodeCluster seattle = cluster("seattle", "2023-01-10T10:00:00Z", 0.79f);

        LatestFirst.Ordered ordered =
                latestFirst.order("Where does Dana live now?", List.of(boston, offTopic, denver, seattle));

        // The three contenders lead, newest first, though the reranking had put the far one second.
        assertThat(ordered.clusters())
                .extracting(EpisodeCluster::nucleusId)
                .containsExactly("seattle", "denver", "boston", "hiking");
        assertThat(ordered.contenders()).isEqualTo(3);
    }

    @Test
    void a_question_about_the_past_keeps_the_order() {
        List<EpisodeCluster> clusters = List.of(
                cluster("boston", "2021-03-01T10:00:00Z", 0.80f), cluster("seattle", "2023-01-10T10:00:00Z", 0.80f));

        LatestFirst.Ordered ordered = latestFirst.order("Where did Dana live in 2021?", clusters);

        assertThat(ordered.clusters()).isEqualTo(clusters);
        assertThat(ordered.contenders()).isZero();
    }

    @Test
    void an_old_answer_far_better_than_a_recent_mention_keeps_its_place() {
        List<EpisodeCluster> clusters = List.of(
                cluster("answer", "2021-03-01T10:00:00Z", 0.90f), cluster("mention", "2023-01-10T10:00:00Z", 0.70f));

        assertThat(latestFirst.order("Where does Dana work now?", clusters).clusters())
                .isEqualTo(clusters);
    }

    @Test
    void switched_off_it_keeps_the_order() {
        List<EpisodeCluster> clusters = List.of(
                cluster("boston", "2021-03-01T10:00:00Z", 0.80f), cluster("seattle", "2023-01-10T10:00:00Z", 0.80f));

        assertThat(new LatestFirst(config(false, 0.03))
                        .order("Where does Dana live now?", clusters)
                        .clusters())
                .isEqualTo(clusters);
    }

    private static EpisodeCluster cluster(String id, String at, float similarity) {
        Instant instant = Instant.parse(at);
        Episode episode = Episode.newBuilder()
                .setId(id)
                .setTimestamp(Timestamp.newBuilder().setSeconds(instant.getEpochSecond()))
                .build();
        return new EpisodeCluster(id, 0.01f, List.of(episode)).withRelevance(new Relevance(similarity, 0.5f));
    }

    /** The one group of the configuration this class reads. */
    private static RetrievalConfig config(boolean enabled, double margin) {
        RetrievalConfig.Latest latest = new RetrievalConfig.Latest() {
            @Override
            public boolean enabled() {
                return enabled;
            }

            @Override
            public double similarityMargin() {
                return margin;
            }
        };
        return (RetrievalConfig) Proxy.newProxyInstance(
                RetrievalConfig.class.getClassLoader(),
                new Class<?>[] {RetrievalConfig.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("latest")) {
                        return latest;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }
}
