package dev.engram.embedding.text;

import java.util.Locale;
import java.util.Set;

/**
 * English abbreviations that end in a period. Most of them can also end a sentence ("I bought apples, pears,
 * etc. Then I left."), so the period after them is a boundary only when a typical sentence opener follows.
 */
final class Abbreviations {

    /** How the period after a token is read. */
    enum Kind {
        /** Not an abbreviation: the period ends the sentence. */
        NONE,
        /** Only introduces what follows ("vs.", "e.g."): never ends a sentence. */
        PREFIX,
        /** Ends the sentence unless a number follows ("No. 5", "fig. 3"). */
        NUMBERED,
        /** Ends the sentence only before a typical sentence opener ("Mr. Smith" vs "Acme Inc. They"). */
        TERMINAL,
        /** Closes a list ("etc."): ends the sentence before any capitalized word, since names rarely follow it. */
        LIST_END
    }

    private static final Set<String> PREFIX =
            Set.of("vs", "e.g", "i.e", "eg", "ie", "cf", "viz", "approx", "dept", "est", "incl", "esp", "resp");
    private static final Set<String> NUMBERED =
            Set.of("no", "nos", "nr", "fig", "figs", "vol", "vols", "p", "pp", "ch", "sec", "tel");
    private static final Set<String> TERMINAL = Set.of(
            "mr", "mrs", "ms", "mx", "dr", "prof", "st", "jr", "sr", "capt", "lt", "sgt", "cmdr", "adm", "pres", "inc",
            "ltd", "corp", "llc", "bros", "al", "ph.d", "blvd", "jan", "feb", "apr", "jun", "jul", "aug", "sep", "sept",
            "oct", "nov", "dec", "tue", "tues", "thu", "thur", "thurs", "fri");
    /** Abbreviations that are also common words in lower case ("we sat in the sun."), so matched capitalized. */
    private static final Set<String> TERMINAL_CAPITALIZED = Set.of(
            "Mar", "Mon", "Wed", "Sat", "Sun", "Co", "Col", "Gen", "Gov", "Sen", "Rep", "Rev", "Fr", "Hon", "Mt", "Ave",
            "Rd", "Ft", "Min");
    /** Words that open most chat sentences; compared case-sensitively, so "a.m. the next day" stays one. */
    private static final Set<String> SENTENCE_OPENERS = Set.of("""
            I We You He She It They The This That These Those There Here My Our Your His Her Their But And So
            Then Also Anyway Now Well Yes Yeah No Oh Hey Hi Thanks Thank Maybe Just Let What How Why When Where
            If After Before Today Tomorrow Yesterday Last Next An In On Is Are Was Did Do Does Can Have Had
            Please Sorry Ok OK Okay Wow Cool Great Sure Not Even Still Plus Btw BTW Lol LOL
            """.strip().split("\\s+"));

    private static final int LONGEST = 8;
    private static final int LONGEST_OPENER = 9;

    private Abbreviations() {}

    /** Classifies the token {@code s[from, to)} that a period follows. */
    static Kind kindOf(String s, int from, int to) {
        int length = to - from;
        if (length == 1) {
            // A capital alone is an initial ("J. K. Rowling") or a name ("plan B."): both read as TERMINAL.
            return Character.isUpperCase(s.charAt(from)) ? Kind.TERMINAL : kindOfWord(s.substring(from, to));
        }
        if (isDottedAcronym(s, from, to)) {
            return PREFIX.contains(s.substring(from, to).toLowerCase(Locale.ROOT)) ? Kind.PREFIX : Kind.TERMINAL;
        }
        return length <= LONGEST ? kindOfWord(s.substring(from, to)) : Kind.NONE;
    }

    /** Whether the word starting at {@code from} typically opens a sentence. */
    static boolean opensSentence(String s, int from) {
        int end = from;
        while (end < s.length() && end - from <= LONGEST_OPENER && isAsciiLetter(s.charAt(end))) {
            end++;
        }
        return end > from && end - from <= LONGEST_OPENER && SENTENCE_OPENERS.contains(s.substring(from, end));
    }

    private static Kind kindOfWord(String token) {
        String lower = token.toLowerCase(Locale.ROOT);
        if (PREFIX.contains(lower)) {
            return Kind.PREFIX;
        }
        if (NUMBERED.contains(lower)) {
            return Kind.NUMBERED;
        }
        if (lower.equals("etc")) {
            return Kind.LIST_END;
        }
        return TERMINAL.contains(lower) || TERMINAL_CAPITALIZED.contains(token) ? Kind.TERMINAL : Kind.NONE;
    }

    /** Single letters joined by periods: "U.S", "a.m", "e.g", "U.S.A" (the final period is the one being read). */
    private static boolean isDottedAcronym(String s, int from, int to) {
        if ((to - from) % 2 == 0) {
            return false;
        }
        for (int i = from; i < to; i++) {
            boolean letterExpected = (i - from) % 2 == 0;
            char c = s.charAt(i);
            if (letterExpected ? !Character.isLetter(c) : c != '.') {
                return false;
            }
        }
        return true;
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }
}
