package dev.engram.bench.load;

import dev.engram.bench.Turn;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Conversation text invented from a seed, for load runs without a LoCoMo file: pairs of friends telling each
 * other about their days, in sentences of the length and vocabulary of chat turns, and questions about what
 * they said. The same seed always gives the same text ({@link Random} is specified to the bit).
 */
public final class SyntheticConversations {

    static final int CONVERSATIONS = 24;
    static final int TURNS_PER_CONVERSATION = 60;
    static final int QUESTIONS = 300;

    private static final List<String> NAMES = List.of(
            "Ana", "Ben", "Cleo", "Dan", "Eva", "Farid", "Gita", "Hugo", "Iris", "Jonas", "Kemi", "Luis", "Maya",
            "Noor", "Omar", "Priya");
    private static final Map<String, List<String>> WORDS = Map.ofEntries(
            Map.entry("name", NAMES),
            Map.entry(
                    "activity", List.of("hiking", "kayaking", "rock climbing", "birdwatching", "swimming", "running")),
            Map.entry("place", List.of("the lake", "the farmers market", "the old harbour", "the library", "the park")),
            Map.entry("city", List.of("Lisbon", "Denver", "Kyoto", "Oaxaca", "Vancouver", "Nairobi", "Tallinn")),
            Map.entry("when", List.of("last weekend", "yesterday", "on Tuesday", "last month", "this morning")),
            Map.entry("future", List.of("next month", "in the spring", "after the holidays", "this summer")),
            Map.entry("feeling", List.of("exhausting but worth it", "so relaxing", "a bit scary", "really fun")),
            Map.entry("relative", List.of("sister", "brother", "cousin", "mother", "grandmother", "best friend")),
            Map.entry("pet", List.of("a golden retriever puppy", "a tabby cat", "two rabbits", "a grey parrot")),
            Map.entry("petname", List.of("Biscuit", "Pepper", "Mochi", "Scout", "Juniper", "Olive")),
            Map.entry("food", List.of("ramen", "tamales", "sourdough pizza", "pho", "jollof rice", "pierogi")),
            Map.entry("job", List.of("nurse", "teacher", "software developer", "carpenter", "counselor", "chef")),
            Map.entry("workstate", List.of("hectic", "quieter than usual", "rewarding", "a lot to take in")),
            Map.entry("course", List.of("pottery", "painting", "salsa", "photography", "Spanish", "violin")),
            Map.entry("reaction", List.of("amazing", "wonderful", "intense", "like a lot of fun")),
            Map.entry("book", List.of("Becoming Nicole", "The Overstory", "Piranesi", "Educated", "Circe")),
            Map.entry("event", List.of("marathon", "half marathon", "charity bike ride", "open-water swim")),
            Map.entry("hours", List.of("two", "three", "four", "five")));
    private static final List<String> TURN_TEMPLATES = List.of(
            "I went {activity} at {place} {when}, and honestly it was {feeling}.",
            "My {relative} {name} is visiting from {city} {future}.",
            "We finally adopted {pet}! We called it {petname}.",
            "Have you tried {food}? I had it at {place} {when} and loved it.",
            "Work has been {workstate} since I started as a {job}.",
            "I'm thinking about signing up for a {course} class {future}.",
            "{other}, do you still go {activity} on weekends?",
            "That sounds {reaction}! How long have you been into {activity}?",
            "I read {book} {when}; it reminded me of our trip to {city}.",
            "My {relative} and I are planning to move to {city} {future}.",
            "I finished my first {event} {when}. It took me {hours} hours!",
            "Thanks, {other}. I'll send you the photos from {place} later.");
    private static final List<String> QUESTION_TEMPLATES = List.of(
            "When did {speaker} go {activity}?",
            "What is the name of {speaker}'s pet?",
            "Where are {speaker} and their {relative} moving?",
            "What does {speaker} do for work?",
            "What did {speaker} eat at {place}?",
            "Which book did {speaker} read, and what did it remind them of?",
            "How long did {speaker}'s {event} take?",
            "What class is {speaker} thinking about taking?");
    private static final Pattern SLOT = Pattern.compile("\\{(\\w+)}");

    private SyntheticConversations() {}

    public static LoadCorpus corpus(long seed) {
        Random random = new Random(seed);
        List<Turn> turns = new ArrayList<>();
        List<String> speakers = new ArrayList<>();
        for (int c = 1; c <= CONVERSATIONS; c++) {
            String first = pick(random, NAMES);
            String second = first;
            while (second.equals(first)) {
                second = pick(random, NAMES);
            }
            speakers.add(first);
            speakers.add(second);
            for (int t = 1; t <= TURNS_PER_CONVERSATION; t++) {
                boolean firstSpeaks = t % 2 == 1;
                String speaker = firstSpeaks ? first : second;
                String listener = firstSpeaks ? second : first;
                String text = fill(pick(random, TURN_TEMPLATES), random, Map.of("other", listener));
                turns.add(new Turn("G" + c + ":" + t, speaker, text, null));
            }
        }
        List<String> questions = new ArrayList<>();
        for (int q = 0; q < QUESTIONS; q++) {
            questions.add(fill(pick(random, QUESTION_TEMPLATES), random, Map.of("speaker", pick(random, speakers))));
        }
        return new LoadCorpus("text generated from seed " + seed, turns, questions);
    }

    /** Two different speakers for a conversation. */
    static List<String> pair(Random random) {
        String first = pick(random, NAMES);
        String second = first;
        while (second.equals(first)) {
            second = pick(random, NAMES);
        }
        return List.of(first, second);
    }

    static String fill(String template, Random random, Map<String, String> fixed) {
        return fill(template, random, fixed, WORDS);
    }

    /** The template with each {@code {slot}} replaced by its fixed value, else by one of its words at random. */
    static String fill(String template, Random random, Map<String, String> fixed, Map<String, List<String>> words) {
        Matcher slot = SLOT.matcher(template);
        StringBuilder text = new StringBuilder();
        while (slot.find()) {
            String name = slot.group(1);
            String value;
            if (fixed.containsKey(name)) {
                value = fixed.get(name);
            } else if (words.containsKey(name)) {
                value = pick(random, words.get(name));
            } else {
                throw new IllegalArgumentException("no words for {" + name + "} in " + template);
            }
            slot.appendReplacement(text, Matcher.quoteReplacement(value));
        }
        slot.appendTail(text);
        return text.toString();
    }

    private static String pick(Random random, List<String> values) {
        return values.get(random.nextInt(values.size()));
    }
}
