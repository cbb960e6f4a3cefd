package dev.engram.profile.extraction;

import dev.engram.profile.model.ObservedEpisode;
import dev.engram.profile.model.ProfileCommand;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Extraction without an LLM: each sentence an episode's speaker says about themself in the first
 * person is matched against {@link SelfDisclosureRules}; every match becomes a command about the
 * speaker with the episode as evidence. Questions and conditionals ("if I moved to ...") state no
 * fact and are skipped.
 */
@ApplicationScoped
public class RuleExtractor {

    private static final Pattern SENTENCE = Pattern.compile("(?<=[.!?])\\s+|\\n+| - ");
    private static final Pattern HYPOTHETICAL = Pattern.compile(
            "\\b(?:if|unless|whether|wish|imagine|maybe|pretend|dreamed|dreamt)\\s*$", Pattern.CASE_INSENSITIVE);

    public List<ProfileCommand> extract(List<ObservedEpisode> episodes) {
        List<ProfileCommand> commands = new ArrayList<>();
        for (ObservedEpisode episode : episodes) {
            if (episode.content == null) {
                continue;
            }
            for (String sentence : SENTENCE.split(episode.content)) {
                if (!sentence.strip().endsWith("?")) {
                    read(sentence, episode, commands);
                }
            }
        }
        return commands;
    }

    private static void read(String sentence, ObservedEpisode episode, List<ProfileCommand> commands) {
        for (SelfDisclosureRules.Rule rule : SelfDisclosureRules.RULES) {
            Matcher matcher = rule.pattern().matcher(sentence);
            while (matcher.find()) {
                if (HYPOTHETICAL.matcher(sentence.substring(0, matcher.start())).find()) {
                    continue;
                }
                Optional<Fact> fact = rule.read().apply(matcher);
                fact.ifPresent(f -> commands.add(new ProfileCommand(
                        f.op(),
                        episode.speaker(),
                        f.tag(),
                        f.feature(),
                        f.value(),
                        List.of(episode.episodeId),
                        f.confidence(),
                        null)));
            }
        }
    }
}
