package dev.engram.profile.extraction;

import dev.engram.profile.model.ObservedEpisode;
import dev.engram.profile.model.ProfileCommand;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Extraction without an LLM: each sentence an episode's speaker says about themself in the first
 * person is matched against {@link SelfDisclosureRules}; every fact read becomes a command about the
 * speaker with the episode as evidence. Questions and conditionals ("if I moved to ...") state no
 * fact and are skipped. The specific rules read a sentence first; a general one (an event, an
 * ongoing activity) is skipped where a specific one already read a statement with the same subject.
 * An episode yields each fact once.
 */
@ApplicationScoped
public class RuleExtractor {

    private static final Pattern SENTENCE =
            Pattern.compile("(?<=[.!?])(?<!\\b(?:Dr|Mr|Mrs|Ms|St|Jr|Sr|vs|etc|Mt|Ft|No)\\.)\\s+|\\n+| - ");
    private static final int LONG_MESSAGE = 1500;
    /** The word right before a first-person subject, when nothing but a space separates them. */
    private static final Pattern PREVIOUS_WORD = Pattern.compile("([A-Za-z'’]+)\\s+$");
    /**
     * Words after which "I"/"we" starts a new clause. After any other word the subject is inside a
     * relative clause ("the painting I bought at a fair", "the impact we made") and says nothing
     * about the speaker by itself.
     */
    private static final Set<String> CLAUSE_OPENERS = Set.copyOf(List.of(("and but so because cause 'cause cuz since "
                    + "when while after before then as until though although also yesterday today tonight recently "
                    + "lately finally actually just now ago week weekend weekends month months year years night "
                    + "morning afternoon evening time summer winter spring fall day days weeks monday tuesday "
                    + "wednesday thursday friday saturday sunday mon tue tues wed thu thurs fri sat sun anyway well "
                    + "yeah yes oh wow guess plus btw lol haha honestly luckily unfortunately fortunately sadly "
                    + "basically first too again originally eventually currently still ok okay hey hi literally "
                    + "seriously truly really definitely or nor think thought believe know knew say said mean "
                    + "swear admit remember realized realised hope wish glad happy proud excited thrilled sure "
                    + "tell told update news earlier later somehow")
            .split(" ")));

    private static final Pattern HYPOTHETICAL = Pattern.compile(
            "\\b(?:if|unless|whether|wish|imagine|maybe|pretend|dreamed|dreamt|suppose|assuming|hope|hopefully|"
                    + "would|could|should|might|once)\\s*$",
            Pattern.CASE_INSENSITIVE);

    public List<ProfileCommand> extract(List<ObservedEpisode> episodes) {
        List<ProfileCommand> commands = new ArrayList<>();
        for (ObservedEpisode episode : episodes) {
            if (episode.content == null) {
                continue;
            }
            Set<String> seen = new HashSet<>();
            // A long message quotes documents more often than it talks about its author: there "we"
            // is the document's writer, so only statements in the first person singular are read.
            boolean singularOnly = episode.content.length() > LONG_MESSAGE;
            for (String sentence : SENTENCE.split(episode.content)) {
                if (!sentence.strip().endsWith("?")) {
                    read(sentence, episode, commands, seen, singularOnly);
                }
            }
        }
        return commands;
    }

    /** Whether a quotation is open before the match: quoted words are someone's, not a disclosure. */
    private static boolean quoted(String before) {
        long open = before.chars().filter(c -> c == '“').count();
        long close = before.chars().filter(c -> c == '”').count();
        long straight = before.chars().filter(c -> c == '"').count();
        return open > close || straight % 2 == 1;
    }

    /** Whether the first-person subject at {@code start} follows a noun it describes. */
    private static boolean inRelativeClause(String before, String sentence, int start) {
        if (!sentence.startsWith("I", start) && !sentence.regionMatches(true, start, "we", 0, 2)) {
            return false;
        }
        Matcher previous = PREVIOUS_WORD.matcher(before);
        if (!previous.find()) {
            return false;
        }
        String word = previous.group(1);
        String lower = word.toLowerCase(Locale.ROOT);
        if (lower.equals("that")) {
            // "now that I'm", "glad that I went": a complement; "the book that I read": a relative clause.
            Matcher beforeThat = PREVIOUS_WORD.matcher(before.substring(0, previous.start()));
            return !beforeThat.find()
                    || !opensClause(beforeThat.group(1)) && !beforeThat.group(1).equals("now");
        }
        if (Set.of("what", "which", "who", "whom", "how", "where", "whatever", "like")
                .contains(lower)) {
            return true;
        }
        return !opensClause(word);
    }

    /**
     * A capitalised word, a clause opener, an object pronoun or a verb in the past: after these a new
     * clause begins ("Last Fri I went", "tell you I started", "since we last spoke I went").
     */
    private static boolean opensClause(String word) {
        String lower = word.toLowerCase(Locale.ROOT);
        return !Character.isLowerCase(word.charAt(0))
                || CLAUSE_OPENERS.contains(lower)
                || Set.of("you", "me", "him", "her", "them", "us", "spoke", "met", "chatted", "talked")
                        .contains(lower)
                || lower.endsWith("ed") && lower.length() > 4;
    }

    private static void read(
            String sentence,
            ObservedEpisode episode,
            List<ProfileCommand> commands,
            Set<String> seen,
            boolean singularOnly) {
        Set<Integer> read = new HashSet<>();
        for (boolean general : new boolean[] {false, true}) {
            for (SelfDisclosureRules.Rule rule : SelfDisclosureRules.RULES) {
                if (rule.general() != general) {
                    continue;
                }
                Matcher matcher = rule.pattern().matcher(sentence);
                while (matcher.find()) {
                    if (singularOnly && sentence.regionMatches(true, matcher.start(), "we", 0, 2)) {
                        continue;
                    }
                    String before = sentence.substring(0, matcher.start());
                    if (quoted(before)
                            || HYPOTHETICAL.matcher(before).find()
                            || inRelativeClause(before, sentence, matcher.start())
                            || general && read.contains(matcher.start())) {
                        continue;
                    }
                    List<Fact> facts = rule.read().apply(matcher);
                    if (!facts.isEmpty()) {
                        read.add(matcher.start());
                    }
                    for (Fact f : facts) {
                        String key = f.op() + "|" + f.tag() + "|" + f.feature() + "|"
                                + (f.value() == null ? "" : f.value().toLowerCase(Locale.ROOT));
                        if (seen.add(key)) {
                            commands.add(new ProfileCommand(
                                    f.op(),
                                    episode.speaker(),
                                    f.tag(),
                                    f.feature(),
                                    f.value(),
                                    List.of(episode.episodeId),
                                    f.confidence(),
                                    null));
                        }
                    }
                }
            }
        }
    }
}
