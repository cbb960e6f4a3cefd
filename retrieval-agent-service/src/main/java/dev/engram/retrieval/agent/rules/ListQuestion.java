package dev.engram.retrieval.agent.rules;

import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Recognises, by its surface, a question that asks for several things of a kind: "What activities
 * does Melanie partake in?", "Which cities has Jon visited?", "What are her kids' names?", "How many
 * times has she been to the beach?". Each thing is usually said in a turn of its own, often sessions
 * apart, so such a question is served by many separate hits rather than by the turns around a few.
 */
public final class ListQuestion {

    // Not the modals: "What fields would she pursue?" asks for a guess, not for things that were said.
    private static final String AUXILIARY = "(?:has|have|had|does|do|did|is|are|was|were)(?:n['’]t)?";
    // "What [kinds of] [one or two modifiers] <plural noun> [of/for … one word] <auxiliary>": the
    // auxiliary after the noun tells a plural noun ("activities does") from a verb ("song motivates").
    // "What kind of carrots …" asks for one kind, so the singular "kind of" is no cue.
    private static final Pattern PLURAL_OBJECT = Pattern.compile(
            "^\\s*(?:what|which)\\s+(?!(?:kind|type|sort)\\s+of\\b)(?:(?:kinds|types|sorts)\\s+of\\s+)?(?!"
                    + AUXILIARY + "\\b)"
                    + "(?:[\\p{L}\\p{N}+/.-]+\\s+){0,2}?(?:\\p{L}+/)?(\\p{L}+s)"
                    + "(?:\\s+(?:of|for|in|at|from|with)\\s+(?:the\\s+)?[\\p{L}\\p{N}.]+)?\\s+" + AUXILIARY
                    + "(?![\\p{L}'’])",
            Pattern.CASE_INSENSITIVE);
    // "What are some …", "What were the names of …", "What are Maria's dogs' names?".
    private static final Pattern PLURAL_SUBJECT = Pattern.compile(
            "^\\s*(?:what|which)\\s+(?:are|were)\\s+(?:some\\b|all\\b|the\\s+names\\b|[^?]*\\bnames\\s*\\??\\s*$)",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern COUNT = Pattern.compile("^\\s*how\\s+many\\b", Pattern.CASE_INSENSITIVE);
    // "How many weeks passed between …" asks how long, not how many things.
    private static final Pattern DURATION = Pattern.compile(
            "^\\s*how\\s+many\\s+(?:seconds|minutes|hours|days|weeks|months|years|decades)\\b",
            Pattern.CASE_INSENSITIVE);
    // Singular nouns that end like plurals.
    private static final Set<String> SINGULAR = Set.of("news", "series", "species", "lens", "canvas", "atlas", "means");

    private ListQuestion() {}

    /** The words that show the question asks for several things, or empty when it does not. */
    public static Optional<String> cue(String question) {
        Matcher count = COUNT.matcher(question);
        if (count.find()) {
            return DURATION.matcher(question).find()
                    ? Optional.empty()
                    : Optional.of(count.group().strip());
        }
        Matcher subject = PLURAL_SUBJECT.matcher(question);
        if (subject.find()) {
            return Optional.of(subject.group().strip());
        }
        Matcher plural = PLURAL_OBJECT.matcher(question);
        if (plural.find() && isPlural(plural.group(1))) {
            return Optional.of(plural.group().strip());
        }
        return Optional.empty();
    }

    /** Words ending in s that are not plurals of a countable noun: "status", "business", "analysis", "news". */
    private static boolean isPlural(String word) {
        String lower = word.toLowerCase(Locale.ROOT);
        return lower.length() > 3
                && !SINGULAR.contains(lower)
                && !lower.endsWith("ss")
                && !lower.endsWith("us")
                && !lower.endsWith("is")
                && !lower.endsWith("ics");
    }
}
