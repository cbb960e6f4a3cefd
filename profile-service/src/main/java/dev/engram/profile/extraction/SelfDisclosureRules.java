package dev.engram.profile.extraction;

import static dev.engram.profile.model.CommandOp.ADD;
import static dev.engram.profile.model.CommandOp.UPDATE;

import dev.engram.profile.model.CommandOp;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * First-person self-disclosures and stated preferences, one pattern each. They favour precision:
 * a rule fires only on a fixed verb frame ("I work as", "I moved to", "my sister Anna") and keeps a
 * short value, and a feature that holds one value at a time (home, occupation, age) is an update.
 */
final class SelfDisclosureRules {

    static final String DEMOGRAPHICS = "demographics";
    static final String IDENTITY = "identity";
    static final String RELATIONSHIPS = "relationships";
    static final String WORK = "work";
    static final String EDUCATION = "education";
    static final String LOCATION = "location";
    static final String HOBBIES = "hobbies and interests";
    static final String PREFERENCES = "preferences and dislikes";
    static final String HEALTH = "health";
    static final String GOALS = "goals and plans";
    static final String EVENTS = "important events";

    private static final String I_AM = "\\bI(?:'m| am)";
    private static final String CAP = "((?:[A-Z][\\w&'.-]*)(?: (?:[A-Z][\\w&'.-]*|of|de|la|the)){0,3})";
    private static final String OCCUPATION = "nurse|teacher|doctor|engineer|developer|programmer|designer|artist|"
            + "painter|musician|writer|author|lawyer|accountant|chef|cook|firefighter|police officer|manager|"
            + "counselor|therapist|social worker|scientist|researcher|professor|dancer|photographer|mechanic|"
            + "pilot|veteran|soldier|entrepreneur|consultant|architect|pharmacist|dentist|veterinarian|barista|"
            + "waiter|waitress|cashier|farmer|carpenter|electrician|plumber|librarian|journalist|editor|actor|"
            + "actress|singer|coach|personal trainer|athlete|intern|analyst|real estate agent|freelancer|tutor|"
            + "paramedic|surgeon|psychologist|blogger|student|business owner|small business owner|"
            + "stay-at-home mom|stay-at-home dad|homemaker|retiree";
    private static final String RELATION = "sister|brother|mom|mother|dad|father|husband|wife|son|daughter|partner|"
            + "boyfriend|girlfriend|fiance|fiancee|best friend|friend|cousin|aunt|uncle|grandma|grandmother|"
            + "grandpa|grandfather|niece|nephew|colleague|coworker|boss|roommate|neighbor|dog|cat|puppy|kitten";
    private static final String ACTIVITY = "taking|practicing|practising|learning|playing|painting|running|"
            + "volunteering|training|writing|blogging|reading|cooking|baking|hiking|swimming|dancing|drawing|"
            + "knitting|gardening|camping|surfing|skiing|climbing|fishing|singing|studying|sculpting|"
            + "photographing|journaling|meditating|biking|cycling|kayaking|rowing|boxing|kickboxing|skating";
    private static final String GOAL_VERB = "become|be an? |start|open|launch|build|create|learn|adopt|move|travel|"
            + "visit|write|publish|run|study|go back|get (?:a|my|into)|buy|finish|graduate|apply|join|pursue|"
            + "teach|compete|save (?:up|for)|retire";
    private static final Set<String> NOT_NAMES = Set.of(
            "I",
            "I'm",
            "I've",
            "It",
            "The",
            "And",
            "But",
            "So",
            "We",
            "You",
            "He",
            "She",
            "They",
            "This",
            "That",
            "Monday",
            "Tuesday",
            "Wednesday",
            "Thursday",
            "Friday",
            "Saturday",
            "Sunday",
            "Mom",
            "Dad",
            "God");
    private static final Map<String, String> IDENTITY_FEATURE = Map.ofEntries(
            Map.entry("transgender", "gender identity"),
            Map.entry("trans", "gender identity"),
            Map.entry("nonbinary", "gender identity"),
            Map.entry("non-binary", "gender identity"),
            Map.entry("gay", "sexual orientation"),
            Map.entry("lesbian", "sexual orientation"),
            Map.entry("bisexual", "sexual orientation"),
            Map.entry("queer", "sexual orientation"),
            Map.entry("vegan", "diet"),
            Map.entry("vegetarian", "diet"),
            Map.entry("christian", "religion"),
            Map.entry("muslim", "religion"),
            Map.entry("jewish", "religion"),
            Map.entry("buddhist", "religion"),
            Map.entry("hindu", "religion"),
            Map.entry("atheist", "religion"),
            Map.entry("introvert", "personality"),
            Map.entry("extrovert", "personality"));

    record Rule(Pattern pattern, Function<Matcher, Optional<Fact>> read) {}

    static final List<Rule> RULES = List.of(
            rule(
                    I_AM + " (?:now |currently |still |also )?(?:working as )?an? ((?:[a-z-]+ ){0,2}(?:" + OCCUPATION
                            + "))\\b",
                    m -> fact(UPDATE, WORK, "occupation", m.group(1), 0.7f)),
            rule(
                    "\\bI (?:now |currently )?work(?:ing)? as an? ([^,.!?;]+)",
                    m -> clipped(UPDATE, WORK, "occupation", m.group(1), 4, 0.7f)),
            rule("\\bI (?:now |currently )?work (?:at|for) " + CAP, m -> name(UPDATE, WORK, "employer", m.group(1))),
            rule(
                    "\\bI (?:just |recently |finally )?(?:started|opened|launched|founded) (?:my own |my |a |an )"
                            + "((?:[\\w-]+ ){0,3}(?:store|shop|business|company|studio|startup|bakery|restaurant|brand|"
                            + "blog|channel|podcast|clinic|salon|agency|nonprofit|charity|cafe))\\b",
                    m -> fact(ADD, WORK, "business", m.group(1), 0.7f)),
            rule(
                    "\\bI (?:live|'ve lived|have lived|am living|'m living|now live) in " + CAP,
                    m -> name(UPDATE, LOCATION, "home", m.group(1))),
            rule(
                    "\\bI (?:just |recently |finally )?moved (?:back )?to " + CAP,
                    m -> name(UPDATE, LOCATION, "home", m.group(1))),
            rule(I_AM + " (?:originally )?from " + CAP, m -> name(UPDATE, LOCATION, "origin", m.group(1))),
            rule("\\bI grew up in " + CAP, m -> name(UPDATE, LOCATION, "origin", m.group(1))),
            rule(
                    "\\b[Mm]y (" + RELATION + ")(?:,? (?:named|called))?,? ([A-Z][a-z]+)\\b",
                    m -> name(ADD, RELATIONSHIPS, m.group(1).toLowerCase(Locale.ROOT), m.group(2))),
            rule(
                    "\\b[Mm]y (husband|wife|kids|children|son|daughter|sons|daughters|boyfriend|girlfriend|fiance|fiancee)\\b"
                            + "(?!,? (?:named |called )?[A-Z][a-z])",
                    m -> fact(ADD, RELATIONSHIPS, "family", "has " + family(m.group(1)), 0.6f)),
            rule(
                    "\\bI have (a|an|one|two|three|four|five|\\d) (kids|children|sons|daughters|son|daughter|dogs?|cats?|"
                            + "puppy|puppies|kittens?)\\b",
                    m -> fact(ADD, RELATIONSHIPS, "family", "has " + m.group(1) + " " + m.group(2), 0.7f)),
            rule(
                    "\\bI (?:really |absolutely |just |truly )?(?:love|enjoy|like|adore) ([a-z]+ing\\b[^.!?]*)",
                    m -> clipped(ADD, HOBBIES, "enjoys", m.group(1), 5, 0.6f)),
            rule(
                    I_AM
                            + " (?:really |so |very |super )?(?:passionate about|into|obsessed with|a (?:huge |big )?fan of) "
                            + "([^.!?]+)",
                    m -> clipped(ADD, HOBBIES, "interested in", m.group(1), 5, 0.6f)),
            rule(
                    "\\bI(?:'ve| have) been ((?:" + ACTIVITY + ")\\b[^.!?]*)",
                    m -> clipped(ADD, HOBBIES, "does", m.group(1), 6, 0.6f)),
            rule(
                    "\\bI (?:just |recently )?(?:started|took up|picked up|began) ((?:" + ACTIVITY + ")\\b[^.!?]*)",
                    m -> clipped(ADD, HOBBIES, "does", m.group(1), 6, 0.6f)),
            rule(
                    "\\bI (?:really )?(?:hate|dislike|can't stand|don't like|do not like) ([^.!?]+)",
                    m -> clipped(ADD, PREFERENCES, "dislikes", m.group(1), 5, 0.6f)),
            rule(
                    "\\b[Mm]y fav(?:ou?rite|e)? ([a-z]+(?: [a-z]+)?) (?:is|are) ([^.!?]+)",
                    m -> clipped(UPDATE, PREFERENCES, "favorite " + m.group(1), m.group(2), 5, 0.7f)),
            rule(
                    I_AM + " (?:a |an )?(?:proud )?(transgender|trans|nonbinary|non-binary|gay|lesbian|bisexual|queer|"
                            + "vegan|vegetarian|christian|muslim|jewish|buddhist|hindu|atheist|introvert|extrovert)"
                            + "( woman| man| person)?\\b(?![-\\w])",
                    m -> identity(m.group(1), m.group(2))),
            rule(
                    I_AM + " a (?:proud |single |working |new )?(mom|mother|dad|father|parent|grandmother|grandfather|"
                            + "grandma|grandpa)\\b",
                    m -> fact(ADD, IDENTITY, "parent", m.group(1), 0.7f)),
            rule(
                    "\\bI(?:'m| am| got) (?:now |recently |just |finally )?(married|engaged|divorced|single|widowed)\\b"
                            + "(?![-\\w])",
                    m -> fact(UPDATE, RELATIONSHIPS, "relationship status", m.group(1), 0.7f)),
            rule(
                    I_AM + " (\\d{1,3}) (?:years|yrs|year)(?:-| )old\\b",
                    m -> fact(UPDATE, DEMOGRAPHICS, "age", m.group(1), 0.8f)),
            rule("\\bI (?:just )?turned (\\d{1,3})\\b", m -> fact(UPDATE, DEMOGRAPHICS, "age", m.group(1), 0.8f)),
            rule(
                    I_AM + " (?:currently )?(?:studying|majoring in) ([a-z][^.!?]*)",
                    m -> clipped(UPDATE, EDUCATION, "field of study", m.group(1), 4, 0.6f)),
            rule("\\bI graduated from " + CAP, m -> name(ADD, EDUCATION, "school", m.group(1))),
            rule(
                    I_AM + " (?:allergic to|lactose intolerant)([^.!?]*)",
                    m -> clipped(ADD, HEALTH, "allergy", m.group(1).isBlank() ? "lactose" : m.group(1), 4, 0.7f)),
            rule(
                    "\\bI (?:was|got|have been|'ve been) diagnosed with ([^.!?]+)",
                    m -> clipped(ADD, HEALTH, "condition", m.group(1), 4, 0.7f)),
            rule(
                    "\\bI have (asthma|diabetes|ADHD|adhd|anxiety|depression|arthritis|migraines|celiac disease|cancer|"
                            + "insomnia|a bad back|a knee injury)\\b",
                    m -> fact(ADD, HEALTH, "condition", m.group(1), 0.7f)),
            rule(
                    "\\b(?:I(?:'m| am) (?:planning|hoping|aiming|going)|I (?:want|hope|plan|intend|would love|'d love)|"
                            + "[Mm]y (?:goal|dream|plan) is) to ((?:" + GOAL_VERB + ")[^.!?]*)",
                    m -> clipped(ADD, GOALS, "plans to", m.group(1), 7, 0.6f)),
            rule(
                    "\\bI (?:just |recently |finally )?(got (?:married|engaged|divorced|promoted|a new job|a job|"
                            + "accepted (?:into|to|for) [^,.!?]+|my (?:degree|diploma|license|certification)[^,.!?]*)|"
                            + "graduated(?: from [^,.!?]+)?|retired|lost my job(?: at [^,.!?]+)?|adopted (?:a|an|two|three) "
                            + "[^,.!?]+|had a baby|gave birth[^,.!?]*|ran (?:a|my first) (?:marathon|half marathon|5k|10k)|"
                            + "bought a (?:house|home|new car|car))",
                    m -> clipped(ADD, EVENTS, "event", m.group(1), 9, 0.7f)));

    private SelfDisclosureRules() {}

    private static Rule rule(String regex, Function<Matcher, Optional<Fact>> read) {
        return new Rule(Pattern.compile(regex), read);
    }

    private static Optional<Fact> fact(CommandOp op, String tag, String feature, String value, float confidence) {
        return Optional.of(new Fact(op, tag, feature, value.strip(), confidence));
    }

    private static Optional<Fact> clipped(
            CommandOp op, String tag, String feature, String tail, int maxWords, float confidence) {
        return Phrases.clip(tail, maxWords).map(value -> new Fact(op, tag, feature, value, confidence));
    }

    private static Optional<Fact> name(CommandOp op, String tag, String feature, String name) {
        String trimmed = name.replaceAll("[.']+$", "").replaceAll("'s$", "").strip();
        if (trimmed.isEmpty() || NOT_NAMES.contains(trimmed.split(" ")[0])) {
            return Optional.empty();
        }
        return fact(op, tag, feature, trimmed, 0.7f);
    }

    private static Optional<Fact> identity(String word, String noun) {
        String key = word.toLowerCase(Locale.ROOT);
        String value = noun == null ? key : key + noun;
        return fact(UPDATE, IDENTITY, IDENTITY_FEATURE.get(key), value, 0.7f);
    }

    private static String family(String relation) {
        return switch (relation) {
            case "kids", "children", "sons", "daughters" -> relation;
            default -> "a " + relation;
        };
    }
}
