package dev.engram.vector.graph;

import dev.engram.vector.facts.Fact;
import java.time.Instant;
import java.util.List;

/** Hand-made facts for graph tests: one per turn, said a minute apart in their session. */
final class GraphFacts {

    private GraphFacts() {}

    static Fact fact(String id, String session, int minute, String... keywords) {
        return new Fact(
                id + "#f1",
                id,
                session,
                1,
                Instant.parse("2023-05-08T10:00:00Z").plusSeconds(60L * minute),
                id,
                List.of("Maya", "Leo"),
                List.of(keywords),
                null,
                null);
    }

    static GraphSettings only(double entity, double event, double temporal) {
        return new GraphSettings(entity, event, temporal, 2, 0.5, 12, 0.3, 30, 10, true);
    }
}
