package dev.engram.profile.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.profile.extraction.RuleExtractor;
import dev.engram.profile.model.ObservedEpisode;
import dev.engram.profile.model.ProfileEntry;
import dev.engram.profile.model.ProfileSource;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Statements that end a state close the entry they end, through the rules and {@link
 * ProfileChanges} as the writer applies them (one turn a day, in order).
 */
class EndedStatesTest {

    private final RuleExtractor rules = new RuleExtractor();

    @Test
    void leaving_the_workplace_closes_the_employer_and_the_occupation_held_there() {
        List<ProfileEntry> entries = apply(
                "I'm a nurse.",
                "I work at Mercy Hospital, mostly night shifts.",
                "I left the party early, I was so tired.",
                "Big news: I left the hospital last month.");

        assertThat(current(entries)).noneMatch(e -> e.startsWith("work /"));
        assertThat(closed(entries)).contains("work / occupation = nurse", "work / employer = Mercy Hospital");
    }

    @Test
    void leaving_somewhere_that_is_not_the_workplace_closes_nothing() {
        List<ProfileEntry> entries = apply("I'm a nurse.", "I work at Mercy Hospital.", "I left Boston in May.");

        assertThat(current(entries)).contains("work / occupation = nurse", "work / employer = Mercy Hospital");
    }

    @Test
    void a_promotion_says_to_what_and_replaces_the_occupation() {
        List<ProfileEntry> entries = apply("I'm a nurse at the city hospital.", "I got promoted to charge nurse!");

        assertThat(current(entries))
                .contains(
                        "work / occupation = charge nurse",
                        "important events / event = promoted to charge nurse",
                        "work / employer = city hospital")
                .doesNotContain("work / occupation = nurse");
        assertThat(closed(entries)).contains("work / occupation = nurse");
    }

    @Test
    void quitting_a_job_moving_out_and_breaking_up_close_what_they_end() {
        List<ProfileEntry> entries = apply(
                "I work as a barista at Blue Bottle.",
                "I moved to Denver last month.",
                "My boyfriend Tom is the best.",
                "I've been running a lot to de-stress.",
                "I quit my job yesterday.",
                "We broke up last week.",
                "I moved out.",
                "I stopped running after my knee surgery.");

        assertThat(current(entries))
                .noneMatch(e -> e.startsWith("work /"))
                .noneMatch(e -> e.startsWith("location / home"))
                .noneMatch(e -> e.startsWith("relationships / boyfriend"))
                .noneMatch(e -> e.startsWith("hobbies and interests / does = running"))
                .contains("important events / event = broke up");
        assertThat(closed(entries))
                .contains(
                        "work / occupation = barista",
                        "work / employer = Blue Bottle",
                        "location / home = Denver",
                        "relationships / boyfriend = Tom");
    }

    private List<ProfileEntry> apply(String... turns) {
        ProfileChanges changes = new ProfileChanges("default", "u", "profile", 0.8, List.of());
        List<ObservedEpisode> episodes = new ArrayList<>();
        for (int i = 0; i < turns.length; i++) {
            ObservedEpisode episode = new ObservedEpisode();
            episode.project = "default";
            episode.userId = "u";
            episode.episodeId = "e" + i;
            episode.producer = "Anna";
            episode.content = turns[i];
            episode.ts = Instant.parse("2023-01-01T00:00:00Z").plusSeconds(86_400L * i);
            episodes.add(episode);
        }
        for (ObservedEpisode episode : episodes) {
            rules.extract(List.of(episode)).forEach(c -> changes.apply(c, episode.ts, ProfileSource.RULES));
        }
        return changes.entries();
    }

    private static List<String> current(List<ProfileEntry> entries) {
        return entries.stream()
                .filter(e -> e.validTo == null)
                .map(e -> e.tag + " / " + e.feature + " = " + e.value)
                .toList();
    }

    private static List<String> closed(List<ProfileEntry> entries) {
        return entries.stream()
                .filter(e -> e.validTo != null)
                .map(e -> e.tag + " / " + e.feature + " = " + e.value)
                .toList();
    }
}
