package dev.engram.retrieval.agent.rules;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The people who speak in a memory, as found in search hits (every indexed unit starts with its
 * speaker: "Melanie: …", "Melanie shared an image: …"), and which of them a question is about.
 */
public final class Participants {

    private static final Pattern SPEAKER =
            Pattern.compile("^(\\p{L}[\\p{L}\\p{N} .'’-]{0,60}?)(?::\\s| shared an image:)");

    private Participants() {}

    /** The speakers of these hit texts, in order of first appearance. */
    public static Set<String> speakers(List<String> texts) {
        Set<String> speakers = new LinkedHashSet<>();
        for (String text : texts) {
            Matcher speaker = SPEAKER.matcher(text);
            if (speaker.find()) {
                speakers.add(speaker.group(1).strip());
            }
        }
        return speakers;
    }

    /**
     * The one speaker the question names (as a whole word, possessive allowed); empty when it names
     * none or several, since then there is no single person whose own words hold the answer.
     */
    public static Optional<String> theOneNamed(String question, Set<String> speakers) {
        List<String> named = speakers.stream()
                .filter(speaker -> Pattern.compile("\\b" + Pattern.quote(speaker) + "\\b")
                        .matcher(question)
                        .find())
                .toList();
        return named.size() == 1 ? Optional.of(named.get(0)) : Optional.empty();
    }
}
