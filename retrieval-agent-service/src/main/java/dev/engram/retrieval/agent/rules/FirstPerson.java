package dev.engram.retrieval.agent.rules;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rewrites a question about one person into the words that person would have used: "What has
 * Melanie painted?" becomes "I painted", "Where did Caroline's sister move?" becomes "my sister
 * move". People speak of their own lives in the first person, so the statement that answers a
 * question about them reads "I …" and "my …", not their name; matched against their own turns, the
 * rewrite finds those statements where the question finds every turn that merely mentions them.
 */
@ApplicationScoped
public class FirstPerson {

    private static final Pattern THIRD_PERSON = Pattern.compile("\\b(?:she|he)\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern THIRD_POSSESSIVE = Pattern.compile("\\b(?:her|his)\\b", Pattern.CASE_INSENSITIVE);
    // What opens a question and carries nothing a statement would say.
    private static final Pattern QUESTION_OPENING = Pattern.compile(
            "^(?:(?:what|who|whom|where|when|which|how\\s+many|how\\s+much|how\\s+long|how|why)\\s+)?"
                    + "(?:(?:kinds?|types?|sorts?)\\s+of\\s+|times\\s+)?"
                    + "(?:(?:is|are|was|were|did|does|do|has|have|had|would|could|will|can)\\s+)?",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern SPACES = Pattern.compile("\\s+");
    private static final Pattern LAST_WORD = Pattern.compile("(\\p{L}+)\\W*$");
    private static final Set<String> BEFORE_SUBJECT = Set.of(
            "is", "are", "was", "were", "did", "does", "do", "has", "have", "had", "would", "could", "will", "can",
            "should", "what", "who", "where", "when", "which", "why", "how", "and", "or", "that", "if", "because",
            "while");
    // Third-person verb forms left after the subject became "I".
    private static final Map<String, String> FIRST_PERSON_FORM = Map.of("has", "have", "is", "am", "does", "do");
    private static final Pattern FIRST_PERSON_VERB =
            Pattern.compile("\\bI\\s+(has|is|does)\\b", Pattern.CASE_INSENSITIVE);
    // An auxiliary left in front of the subject by the question's word order ("activities does I
    // partake in"): a statement has none there.
    private static final Pattern INVERTED_AUXILIARY = Pattern.compile(
            "\\b(?:is|are|was|were|did|does|do|has|have|had|would|could|will|can)\\s+(?=(?:I|my)\\b)",
            Pattern.CASE_INSENSITIVE);

    /**
     * Each mention becomes "I" where a subject stands (first, or after an auxiliary, a question word
     * or a conjunction: "does Melanie paint", "and Melanie") and "me" elsewhere ("supports Melanie",
     * "a gift for Melanie").
     */
    private static String asPronoun(String text, Pattern mention) {
        Matcher found = mention.matcher(text);
        StringBuilder out = new StringBuilder();
        while (found.find()) {
            Matcher previous = LAST_WORD.matcher(text.substring(0, found.start()));
            boolean subject = !previous.find()
                    || BEFORE_SUBJECT.contains(previous.group(1).toLowerCase(Locale.ROOT));
            found.appendReplacement(out, subject ? "I" : "me");
        }
        found.appendTail(out);
        return out.toString();
    }

    /** The question as {@code person} would state it; blank when nothing but the opening is left. */
    public String rewrite(String question, String person) {
        String name = Pattern.quote(person);
        String text =
                Pattern.compile("\\b" + name + "['’]s\\b").matcher(question).replaceAll("my");
        text = asPronoun(text, Pattern.compile("\\b" + name + "\\b"));
        text = THIRD_PERSON.matcher(text).replaceAll("I");
        text = THIRD_POSSESSIVE.matcher(text).replaceAll("my");
        text = text.strip();
        Matcher opening = QUESTION_OPENING.matcher(text);
        if (opening.lookingAt()) {
            text = text.substring(opening.end());
        }
        text = INVERTED_AUXILIARY.matcher(text).replaceAll("");
        text = FIRST_PERSON_VERB
                .matcher(text)
                .replaceAll(verb -> "I " + FIRST_PERSON_FORM.get(verb.group(1).toLowerCase(Locale.ROOT)));
        text = SPACES.matcher(text.replaceAll("[?!.]+$", "")).replaceAll(" ").strip();
        return text.equals("I") ? "" : text;
    }
}
