package dev.engram.profile.extraction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.profile.model.ObservedEpisode;
import dev.engram.profile.model.ProfileCommand;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What single sentences must and must not yield, written as {@code OP tag / feature = value} (a
 * DELETE without a value closes every current value of its feature). Each row names the entries
 * that must be among the sentence's commands and those that must not be.
 */
class SelfDisclosureTableTest {

    private final RuleExtractor rules = new RuleExtractor();

    static Stream<Arguments> sentences() {
        return Stream.of(
                // values end where their phrase ends: no time words, no clause fragments
                row(
                        "I moved to Denver last month.",
                        List.of("UPDATE location / home = Denver"),
                        List.of("UPDATE location / home = Denver la")),
                row(
                        "Now I'm passionate about creating a safe, inviting place for people to grow.",
                        List.of("ADD hobbies and interests / interested in = creating a safe, inviting place"),
                        List.of("ADD hobbies and interests / interested in = creating a safe")),
                row(
                        "I love camping trips with my fam, 'cause nature brings such peace.",
                        List.of("ADD hobbies and interests / enjoys = camping trips with my family"),
                        List.of()),
                row(
                        "I ran a charity race for mental health last Saturday – it was really rewarding.",
                        List.of("ADD important events / event = ran a charity race for mental health"),
                        List.of()),
                row(
                        "I went to a LGBTQ support group yesterday and it was so powerful.",
                        List.of("ADD important events / event = went to a LGBTQ support group"),
                        List.of()),
                row(
                        "I just signed up for a pottery class yesterday.",
                        List.of("ADD important events / event = signed up for a pottery class"),
                        List.of()),
                row(
                        "I've been volunteering at the animal shelter since March because it calms me.",
                        List.of("ADD hobbies and interests / does = volunteering at the animal shelter"),
                        List.of()),
                // work: occupation, employer, promotion, and the end of a job
                row("I work at Mercy Hospital.", List.of("UPDATE work / employer = Mercy Hospital"), List.of()),
                row(
                        "I'm a nurse at the city hospital.",
                        List.of("UPDATE work / occupation = nurse", "UPDATE work / employer = city hospital"),
                        List.of()),
                row(
                        "I've been working as a graphic designer for two years.",
                        List.of("UPDATE work / occupation = graphic designer"),
                        List.of("UPDATE work / employer = two years")),
                row(
                        "Guess what, I got promoted to charge nurse last week!",
                        List.of(
                                "ADD important events / event = promoted to charge nurse",
                                "UPDATE work / occupation = charge nurse"),
                        List.of("ADD important events / event = got promoted")),
                row(
                        "I got a new job at Acme Corp as of Monday.",
                        List.of("UPDATE work / employer = Acme Corp"),
                        List.of()),
                row("I left the hospital in May.", List.of("DELETE work / employer = hospital"), List.of()),
                row(
                        "I quit my job at the bakery.",
                        List.of("DELETE work / employer = bakery", "DELETE work / occupation = "),
                        List.of()),
                row("I was laid off.", List.of("DELETE work / employer = ", "DELETE work / occupation = "), List.of()),
                row(
                        "Honestly, I quit.",
                        List.of("DELETE work / employer = ", "DELETE work / occupation = "),
                        List.of()),
                // places and people
                row(
                        "We broke up a few weeks ago.",
                        List.of("DELETE relationships / boyfriend = ", "DELETE relationships / girlfriend = "),
                        List.of()),
                row("I moved out last week.", List.of("DELETE location / home = "), List.of()),
                row("My sister Ana came over for dinner.", List.of("ADD relationships / sister = Ana"), List.of()),
                row(
                        "We adopted a puppy named Max in June.",
                        List.of(
                                "ADD relationships / puppy = Max",
                                "ADD important events / event = adopted a puppy named Max"),
                        List.of()),
                row(
                        "My kids, Jake and Emma, love the beach.",
                        List.of("ADD relationships / child = Jake", "ADD relationships / child = Emma"),
                        List.of()),
                row(
                        "I'm originally from Sweden but I live in Portland now.",
                        List.of("UPDATE location / origin = Sweden", "UPDATE location / home = Portland"),
                        List.of()),
                row(
                        "I recently found that oat milk is my favorite.",
                        List.of("ADD preferences and dislikes / favorite = oat milk"),
                        List.of()),
                row(
                        "We went out for dinner a few times, and I took her to Bella Vita.",
                        List.of("ADD important events / event = went out for dinner"),
                        List.of("ADD important events / event = went out for dinner a few times")),
                row(
                        "I just finished reading \"The Girl on the Train\" last week.",
                        List.of("ADD important events / event = finished reading The Girl on the Train"),
                        List.of()),
                row(
                        "I graduated with a Bachelor's in Computer Science from UCLA.",
                        List.of(
                                "ADD education / school = UCLA",
                                "ADD important events / event = graduated with a Bachelor's in Computer Science from UCLA"),
                        List.of()),
                row("I'm a 32-year-old data analyst.", List.of("UPDATE demographics / age = 32"), List.of()),
                row(
                        "I've been experiencing some back pain lately.",
                        List.of("ADD health / condition = back pain"),
                        List.of("ADD hobbies and interests / does = experiencing some back pain")),
                // statements inside another clause, a quotation or about something in view say nothing alone
                row(
                        "I hung up a painting I bought at an art fair.",
                        List.of(),
                        List.of("ADD important events / event = bought at an art fair")),
                row("She said “I moved to Paris last year” and laughed.", List.of(), List.of()),
                row("We found these lovely flowers.", List.of(), List.of()),
                row("I won't give up!", List.of(), List.of()),
                row("I'm planning a trip.", List.of(), List.of()),
                // nothing specific, nothing said
                row("I love it!", List.of(), List.of("ADD hobbies and interests / enjoys = it")),
                row("I got so excited.", List.of(), List.of("ADD important events / event = got so excited")),
                row("I made it.", List.of(), List.of("ADD important events / event = made it")),
                row("I took a pic of the sunset.", List.of(), List.of("ADD important events / event = took a pic")),
                row(
                        "I love the colors in your painting!",
                        List.of(),
                        List.of("ADD hobbies and interests / enjoys = the colors")),
                row("If I moved to Paris I would learn French.", List.of(), List.of("UPDATE location / home = Paris")),
                row("I left the party early.", List.of(), List.of("ADD important events / event = left the party")),
                row("I've been thinking about getting a dog.", List.of(), List.of()),
                row("I work from home.", List.of(), List.of("UPDATE work / employer = home")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sentences")
    void a_sentence_yields_the_entries_it_states(String sentence, List<String> must, List<String> mustNot) {
        List<String> read = rules.extract(List.of(episode(sentence))).stream()
                .map(SelfDisclosureTableTest::entry)
                .toList();

        assertThat(read).as("read from %s", sentence).containsAll(must);
        for (String wrong : mustNot) {
            assertThat(read).as("read from %s", sentence).doesNotContain(wrong);
        }
        if (must.isEmpty() && mustNot.isEmpty()) {
            assertThat(read).as("read from %s", sentence).isEmpty();
        }
    }

    static String entry(ProfileCommand c) {
        return c.op() + " " + c.tag() + " / " + c.feature() + " = " + (c.value() == null ? "" : c.value());
    }

    private static Arguments row(String sentence, List<String> must, List<String> mustNot) {
        return Arguments.of(sentence, must, mustNot);
    }

    private static ObservedEpisode episode(String content) {
        ObservedEpisode episode = new ObservedEpisode();
        episode.project = "default";
        episode.userId = "u";
        episode.episodeId = "e1";
        episode.producer = "Anna";
        episode.content = content;
        episode.ts = Instant.parse("2023-05-08T13:56:00Z");
        return episode;
    }
}
