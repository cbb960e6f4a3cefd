package dev.engram.vector.facts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.vector.model.SourceEpisode;
import dev.engram.vector.model.UnitKind;
import dev.engram.vector.model.UnitText;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FactDeriverTest {

    private static final Instant SAID = Instant.parse("2023-05-08T14:00:00Z");
    private final FactDeriver deriver = new FactDeriver();

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            I adopted a beagle.                        | Maya adopted a beagle.
            I'm moving to Lisbon.                      | Maya is moving to Lisbon.
            I am a nurse.                              | Maya is a nurse.
            I've been painting.                        | Maya has been painting.
            I have two cats.                           | Maya has two cats.
            I'll call my sister.                       | Maya will call Maya's sister.
            I don't like rain.                         | Maya doesn't like rain.
            My dog loves you.                          | Maya's dog loves Leo.
            You're so kind to me.                      | Maya: Leo is so kind to Maya.
            You have a great voice.                    | Maya: Leo has a great voice.
            Is this book yours?                        | Maya: Is this book Leo's?
            We went hiking with our kids.              | Maya and Leo went hiking with Maya and Leo's kids.
            That sounds great!                         | Maya: That sounds great!
            Ivan said it was fine.                     | Maya: Ivan said it was fine.
            """)
    void firstAndSecondPersonBecomeNames(String said, String fact) {
        assertThat(derive("Maya", "Leo", said).text()).isEqualTo(fact);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            I adopted him yesterday.         | Maya adopted him yesterday (2023-05-07).          | 2023-05-07 | 2023-05-07
            We met two days ago.             | Maya and Leo met two days ago (2023-05-06).        | 2023-05-06 | 2023-05-06
            I visited Rome last week.        | Maya visited Rome last week (2023-05-01 to 2023-05-07). | 2023-05-01 | 2023-05-07
            The show is next month.          | Maya: The show is next month (June 2023).          | 2023-06-01 | 2023-06-30
            I swam a lot last summer.        | Maya swam a lot last summer (summer 2022).         | 2022-06-01 | 2022-08-31
            I love painting.                 | Maya love painting.                                | 2023-05-08 | 2023-05-08
            """)
    void relativeTimeIsResolvedAndKept(String said, String fact, LocalDate from, LocalDate to) {
        Fact derived = derive("Maya", "Leo", said);

        assertThat(derived.text()).isEqualTo(fact);
        assertThat(derived.from()).isEqualTo(from);
        assertThat(derived.to()).isEqualTo(to);
    }

    @Test
    void anUnknownAddresseeKeepsTheSecondPerson() {
        assertThat(derive("Maya", "", "You should come, I think.").text())
                .isEqualTo("Maya: You should come, Maya think.");
    }

    @Test
    void anUnknownSpeakerChangesNothing() {
        assertThat(derive("", "", "I adopted a beagle yesterday.").text())
                .isEqualTo("I adopted a beagle yesterday (2023-05-07).");
    }

    @Test
    void participantsAreTheSpeakerTheAddresseeAndThePeopleNamed() {
        Fact fact = derive("Maya", "Leo", "Yesterday I took Caroline and Ivan to Paris in May.");

        assertThat(fact.participants()).containsExactly("Maya", "Leo", "Caroline", "Ivan", "Paris");
    }

    @Test
    void keywordsAreStemmedContentWordsWithoutTheSpeakers() {
        Fact fact = derive("Maya", "Leo", "I adopted a beagle and Leo adopts cats with Caroline.");

        assertThat(fact.keywords()).containsExactly("adopt", "beagl", "cat", "carolin");
    }

    @Test
    void everySentenceAndCaptionIsAFactAndTheTurnIsNot() {
        SourceEpisode episode = episode("Maya", "Leo");
        List<UnitText> units = List.of(
                new UnitText("e1#0", UnitKind.TURN, "Maya: I paint. I swim.", false),
                new UnitText("e1#1", UnitKind.SENTENCE, "Maya: I paint.", true),
                new UnitText("e1#2", UnitKind.SENTENCE, "Maya: I swim.", true),
                new UnitText("e1#3", UnitKind.CAPTION, "Maya shared an image: a beagle on a beach", true));

        List<Fact> facts = deriver.derive(episode, units);

        assertThat(facts).extracting(Fact::factId).containsExactly("e1#f1", "e1#f2", "e1#f3");
        assertThat(facts)
                .extracting(Fact::text)
                .containsExactly("Maya paint.", "Maya swim.", "Maya shared an image: a beagle on a beach");
        assertThat(facts).allSatisfy(fact -> {
            assertThat(fact.episodeId()).isEqualTo("e1");
            assertThat(fact.sessionId()).isEqualTo("s1");
            assertThat(fact.timestamp()).isEqualTo(SAID);
        });
        assertThat(Fact.idOfUnit("e1#2")).isEqualTo("e1#f2");
    }

    private Fact derive(String speaker, String addressee, String sentence) {
        String prefix = speaker.isEmpty() ? "" : speaker + ": ";
        List<Fact> facts = deriver.derive(
                episode(speaker, addressee), List.of(new UnitText("e1#1", UnitKind.SENTENCE, prefix + sentence, true)));
        return facts.get(0);
    }

    private static SourceEpisode episode(String speaker, String addressee) {
        return new SourceEpisode("p", "u", "", "s1", "e1", speaker, "", SAID, Map.of(), addressee);
    }
}
