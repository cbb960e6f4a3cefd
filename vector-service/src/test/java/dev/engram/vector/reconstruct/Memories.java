package dev.engram.vector.reconstruct;

import dev.engram.vector.facts.Fact;
import dev.engram.vector.facts.Keywords;
import dev.engram.vector.graph.FactGraph;
import dev.engram.vector.graph.GraphSettings;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Small hand-made memories: facts stated as the rules would derive them, each its own turn, a minute apart. */
final class Memories {

    private final List<Fact> facts = new ArrayList<>();

    /** A fact of {@code session} about {@code people}, with the keywords the rules would give its text. */
    Memories said(String id, String session, String text, String... people) {
        facts.add(new Fact(
                id + "#f1",
                id,
                session,
                1,
                Instant.parse("2023-05-08T10:00:00Z").plusSeconds(60L * facts.size()),
                text,
                List.of(people),
                Keywords.of(text, Set.of(people)),
                null,
                null));
        return this;
    }

    CueTagGraph graph() {
        return CueTagGraph.of(FactGraph.of(facts, new GraphSettings(1, 0, 0, 2, 0.5, 12, 0.3, 20, 10, true)));
    }

    static Fact fact(String text, String... people) {
        return new Memories().said("e", "s", text, people).facts.get(0);
    }
}
