package dev.engram.profile.extraction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.profile.model.CommandOp;
import dev.engram.profile.model.ObservedEpisode;
import dev.engram.profile.model.ProfileCommand;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class RuleExtractorTest {

    private final RuleExtractor rules = new RuleExtractor();

    @Test
    void first_person_self_disclosures_become_entries_about_the_speaker_with_evidence() {
        List<ProfileCommand> commands = rules.extract(List.of(
                episode("e1", "Anna", "I'm a nurse at the city hospital."),
                episode("e2", "Anna", "I love hiking in the mountains, it clears my head."),
                episode("e3", "Anna", "My sister Maya visited last week."),
                episode("e4", "Anna", "Big news: I moved to Denver!")));

        assertThat(commands)
                .extracting(c -> c.subject() + " | " + c.tag() + " | " + c.feature() + " = " + c.value())
                .containsExactlyInAnyOrder(
                        "Anna | work | occupation = nurse",
                        "Anna | work | employer = city hospital",
                        "Anna | hobbies and interests | enjoys = hiking in the mountains",
                        "Anna | relationships | sister = Maya",
                        "Anna | location | home = Denver");
        assertThat(commands).allSatisfy(c -> assertThat(c.evidence()).hasSize(1));
        assertThat(commands)
                .filteredOn(c -> c.feature().equals("home"))
                .singleElement()
                .satisfies(c -> {
                    assertThat(c.op()).isEqualTo(CommandOp.UPDATE);
                    assertThat(c.evidence()).containsExactly("e4");
                });
    }

    @Test
    void questions_conditionals_and_small_talk_state_no_fact() {
        List<ProfileCommand> commands = rules.extract(List.of(
                episode("q1", "Ben", "Do you think I'm a good teacher?"),
                episode("q2", "Ben", "If I moved to Paris I would learn French."),
                episode("q3", "Ben", "I'm a bit tired today. I love it! I'm doing ok.")));

        assertThat(commands).isEmpty();
    }

    @Test
    void stated_preferences_dislikes_and_family_are_read() {
        List<ProfileCommand> commands = rules.extract(List.of(
                episode("p1", "Cleo", "My favorite color is green."),
                episode("p2", "Cleo", "Honestly I hate waking up early."),
                episode("p3", "Cleo", "I'm lucky to have my husband. My kids keep me busy.")));

        assertThat(commands)
                .extracting(c -> c.tag() + " | " + c.feature() + " = " + c.value())
                .containsExactlyInAnyOrder(
                        "preferences and dislikes | favorite color = green",
                        "preferences and dislikes | dislikes = waking up early",
                        "relationships | family = has a husband",
                        "relationships | family = has kids");
    }

    private static ObservedEpisode episode(String id, String speaker, String content) {
        ObservedEpisode episode = new ObservedEpisode();
        episode.project = "default";
        episode.userId = "u";
        episode.episodeId = id;
        episode.producer = speaker;
        episode.content = content;
        episode.ts = Instant.parse("2023-05-08T13:56:00Z");
        return episode;
    }
}
