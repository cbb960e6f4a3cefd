package dev.engram.vector.facts;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Who a statement involves: the speaker, the addressee, and the people and other named things it
 * mentions, recognised as capitalised words that do not begin a sentence.
 */
public final class Participants {

    private static final Pattern NAME = Pattern.compile("(?<![.!?]\\s)(?<!^)\\b\\p{Lu}[\\p{L}'\u2019-]+");
    private static final Set<String> NOT_NAMES = Set.of(
            "I",
            "I'm",
            "I've",
            "I'll",
            "I'd",
            "Monday",
            "Tuesday",
            "Wednesday",
            "Thursday",
            "Friday",
            "Saturday",
            "Sunday",
            "January",
            "February",
            "March",
            "April",
            "May",
            "June",
            "July",
            "August",
            "September",
            "October",
            "November",
            "December",
            "OK",
            "Ok",
            "Oh",
            "Wow",
            "Hey",
            "Hi",
            "Yes",
            "No");

    private Participants() {}

    /** The speaker, the addressee, then everyone {@code said} names, each once; empty names are skipped. */
    public static List<String> of(String said, String speaker, String addressee) {
        Set<String> people = new LinkedHashSet<>();
        if (!speaker.isEmpty()) {
            people.add(speaker);
        }
        if (!addressee.isEmpty()) {
            people.add(addressee);
        }
        Matcher names = NAME.matcher(said.strip());
        while (names.find()) {
            String name = names.group().replaceAll("['\u2019]s$", "");
            if (!NOT_NAMES.contains(name)) {
                people.add(name);
            }
        }
        return List.copyOf(people);
    }
}
