package dev.engram.vector.facts;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rewrites first and second person into the names of the people talking: said by Maya to Leo, "I adopted
 * a beagle and you met him" becomes "Maya adopted a beagle and Leo met him". Only the closed class of
 * pronouns and the auxiliaries that agree with them (am, have, do, was) are rewritten; other verbs keep
 * their form, which costs a little grammar ("Maya love dogs") and nothing a search needs.
 */
final class PersonResolution {

    private static final String APOSTROPHE = "['\u2019]";
    private static final Pattern PRONOUN = Pattern.compile(
            "\\b(?:(I|you|we)(?:" + APOSTROPHE
                    + "(m|re|ve|ll|d)|\\s+(am|are|have|was|were|do|don't|don\u2019t|haven't|haven\u2019t))?"
                    + "|(me|my|mine|myself|your|yours|yourself|us|our|ours|ourselves))\\b",
            Pattern.CASE_INSENSITIVE);

    private PersonResolution() {}

    /**
     * {@code sentence} with the speaker's and the addressee's pronouns replaced by their names; pronouns of a
     * person whose name is unknown (empty) are left as they are.
     */
    static String resolve(String sentence, String speaker, String addressee) {
        if (speaker.isEmpty()) {
            return sentence;
        }
        String both = addressee.isEmpty() ? "" : speaker + " and " + addressee;
        Matcher matcher = PRONOUN.matcher(sentence);
        StringBuilder resolved = new StringBuilder(sentence.length() + 32);
        while (matcher.find()) {
            String replacement = replacement(matcher, speaker, addressee, both);
            matcher.appendReplacement(
                    resolved, Matcher.quoteReplacement(replacement == null ? matcher.group() : replacement));
        }
        matcher.appendTail(resolved);
        return resolved.toString();
    }

    private static String replacement(Matcher matcher, String speaker, String addressee, String both) {
        if (matcher.group(4) != null) {
            return object(matcher.group(4).toLowerCase(Locale.ROOT), speaker, addressee, both);
        }
        String subject = matcher.group(1).toLowerCase(Locale.ROOT);
        // "I" is a pronoun only in upper case; a lone lower-case "i" is usually a typo for it, so it counts too.
        String name = switch (subject) {
            case "i" -> speaker;
            case "you" -> addressee;
            default -> both;
        };
        if (name.isEmpty()) {
            return null;
        }
        boolean plural = subject.equals("we");
        String contracted = matcher.group(2);
        String auxiliary = matcher.group(3);
        if (contracted != null) {
            return name + " " + expand(contracted.toLowerCase(Locale.ROOT), plural);
        }
        if (auxiliary != null) {
            return name + " " + agree(auxiliary.toLowerCase(Locale.ROOT).replace('\u2019', '\''), plural);
        }
        return name;
    }

    private static String object(String pronoun, String speaker, String addressee, String both) {
        String name = switch (pronoun) {
            case "me", "my", "mine", "myself" -> speaker;
            case "your", "yours", "yourself" -> addressee;
            default -> both;
        };
        if (name.isEmpty()) {
            return null;
        }
        boolean possessive = pronoun.startsWith("my") && !pronoun.equals("myself")
                || pronoun.equals("mine")
                || pronoun.equals("your")
                || pronoun.equals("yours")
                || pronoun.startsWith("our") && !pronoun.equals("ourselves");
        return possessive ? name + "'s" : name;
    }

    private static String expand(String contraction, boolean plural) {
        return switch (contraction) {
            case "m", "re" -> plural ? "are" : "is";
            case "ve" -> plural ? "have" : "has";
            case "ll" -> "will";
            default -> "would";
        };
    }

    private static String agree(String auxiliary, boolean plural) {
        if (plural) {
            return auxiliary;
        }
        return switch (auxiliary) {
            case "am", "are" -> "is";
            case "have" -> "has";
            case "were" -> "was";
            case "do" -> "does";
            case "don't" -> "doesn't";
            case "haven't" -> "hasn't";
            default -> auxiliary;
        };
    }
}
