package dev.engram.vector.graph;

import static dev.engram.vector.graph.GraphFacts.fact;
import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.vector.facts.Fact;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class EventGroupingTest {

    @Test
    void consecutiveFactsSharingWordsAreOneEventAndANewTopicStartsAnother() {
        List<Fact> session = List.of(
                fact("a", "s", 0, "beagl", "adopt"),
                fact("b", "s", 1, "beagl", "walk"),
                fact("c", "s", 2, "walk", "park"),
                fact("d", "s", 3, "paint", "canva"),
                fact("e", "s", 4, "canva", "oil"));

        assertThat(EventGrouping.group(session, 7, 12)).containsExactly(7, 7, 7, 8, 8);
    }

    @Test
    void statementsOfOneTurnStayTogetherEvenWithoutSharedWords() {
        Fact first = fact("a", "s", 0, "beagl");
        Fact sameTurn = new Fact(
                "a#f2", "a", "s", 2, first.timestamp(), "a", first.participants(), List.of("rain"), null, null);

        assertThat(EventGrouping.group(List.of(first, sameTurn), 0, 12)).containsExactly(0, 0);
    }

    @Test
    void aFullEventClosesAndWordsMustBeRecentToJoin() {
        List<Fact> session =
                List.of(fact("a", "s", 0, "beagl"), fact("b", "s", 1, "beagl"), fact("c", "s", 2, "beagl"));

        assertThat(EventGrouping.group(session, 0, 2)).containsExactly(0, 0, 1);
    }

    @Test
    void factsWithoutSharedParticipantsDoNotJoin() {
        Fact maya = fact("a", "s", 0, "beagl");
        Fact other = new Fact(
                "b#f1",
                "b",
                "s",
                1,
                Instant.parse("2023-05-08T11:00:00Z"),
                "b",
                List.of("Ivan"),
                List.of("beagl"),
                null,
                null);

        assertThat(EventGrouping.group(List.of(maya, other), 0, 12)).containsExactly(0, 1);
    }

    @Test
    void factsTheLlmNamedAlikeAreOneEventWhateverTheirWords() {
        List<Fact> session = List.of(
                named(fact("a", "s", 0, "beagl"), "adoption"),
                named(fact("b", "s", 1, "vet"), "adoption"),
                named(fact("c", "s", 2, "vet"), "checkup"),
                fact("d", "s", 3, "vet"));

        assertThat(EventGrouping.group(session, 0, 12)).containsExactly(0, 0, 1, 2);
    }

    private static Fact named(Fact fact, String event) {
        return new Fact(
                fact.factId(),
                fact.episodeId(),
                fact.sessionId(),
                fact.ordinal(),
                fact.timestamp(),
                fact.text(),
                fact.participants(),
                fact.keywords(),
                fact.from(),
                fact.to(),
                fact.evidence(),
                fact.evidenceSessions(),
                event);
    }
}
