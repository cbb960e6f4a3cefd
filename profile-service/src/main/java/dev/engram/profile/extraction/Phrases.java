package dev.engram.profile.extraction;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns the tail of a matched sentence into a short, clean value: the noun or verb phrase up to
 * where its clause ends. What ends it:
 *
 * <ul>
 *   <li>punctuation that closes a clause (; : ( ) ! ? dashes), and a comma unless it joins a list of
 *       like words ("hiking, swimming") or stacked adjectives ("a safe, inviting place");
 *   <li>a word that opens a subordinate clause (because, which, when, but, ...), "and"/"or" before a
 *       new subject or a past-tense verb, a filler ("too", "a lot", "lol");
 *   <li>a time expression: "last month", "two weeks ago", "in May", "on Friday", "for 5 years",
 *       "yesterday", "recently", ... — the time is when, not what, and never part of the value.
 * </ul>
 *
 * A phrase longer than the limit is cut back to before its last prepositional phrase that fits,
 * never in the middle of a noun phrase; when that leaves nothing whole, there is no value. Leading
 * "both"/"all" and demonstratives go ("this bowl" → "a bowl"), chat abbreviations are spelled out,
 * and a phrase that says nothing specific ("it", "that", "something", "a lot") is no value.
 */
final class Phrases {

    private static final String NUMBER = "(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
            + "a few|a couple(?: of)?|several|many|some|\\d+)";
    private static final String UNIT = "(?:seconds?|minutes?|hours?|days?|nights?|weeks?|weekends?|months?|years?|"
            + "decades?|semesters?|summers?|winters?)";
    private static final String MONTH = "(?:January|February|March|April|May|June|July|August|September|October|"
            + "November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)";
    private static final String DAY = "(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Mon|Tue|Tues|Wed|"
            + "Thu|Thurs|Fri|Sat|Sun)s?";
    private static final String PERIOD = "(?:" + UNIT + "|morning|afternoon|evening|night|spring|summer|fall|autumn|"
            + "winter|time|" + DAY + "|" + MONTH + "|semester|season|holiday|holidays|break)";

    /** Where a time expression starts; the value ends before it. */
    private static final Pattern TIME = Pattern.compile(
            "\\s+(?:(?:last|next|this|that|every|each|the other|the following|the previous|the past|this past|"
                    + "earlier this|later this|over the|during the|throughout the|all|a few|a couple of)\\s+"
                    + PERIOD + "\\b|" + "(?:about |around |almost |nearly |over |like |just )?" + NUMBER + "\\s+"
                    + UNIT + "\\s+(?:ago|back|before|earlier|later)\\b|" + "a (?:while|bit|moment) (?:ago|back)\\b|"
                    + "(?:ago|yesterday|today|tonight|tomorrow|recently|lately|earlier|later|currently|now|again|"
                    + "anymore|any more|already|soon|someday|nowadays|these days|right now|at the moment|"
                    + "at this point|so far|as well|at last|at the end|at the start|in the end|in the (?:near |distant )?future|"
                    + "in the coming (?:days|weeks|months)|in the next few|in a few|in a couple|"
                    + "in the (?:morning|afternoon|evening)|at night|on weekends|"
                    + "on the weekends?|every day|each day|daily|weekly|once a|twice a)\\b|"
                    + "(?:in|on|since|by|until|till|from|during|through|before|after|around|at)\\s+(?:early |late |mid-?)?"
                    + "(?:the )?(?:" + MONTH + "|" + DAY + "|\\d{4}s?|\\d{1,2}(?::\\d\\d)?\\s?(?:am|pm)|the summer|"
                    + "the spring|the fall|the winter|the weekend|the morning|the evening|high school|college|"
                    + "spring|summer|fall|autumn|winter|the past|the last|the first|the beginning|the end)\\b|"
                    + "(?:on|by|until|since|from|before|after)\\s+the\\s+\\d{1,2}(?:st|nd|rd|th)\\b|"
                    + "(?:a few|several|many|" + NUMBER + ")\\s+times\\b|twice\\b|"
                    + "for (?:the )?(?:past |last |next )?(?:about |around |almost |nearly |over |roughly )?" + NUMBER
                    + "?\\s*(?:" + UNIT
                    + "|while|ages|long|a bit|good|now)\\b)",
            Pattern.CASE_INSENSITIVE);

    /** Punctuation and words that open another clause. */
    private static final Pattern CLAUSE_END = Pattern.compile(
            "\\s*(?:[;:()\\[\\]!?…]|\\.(?:\\s|$)|\\.\\.|\\s[-–—]+\\s|--|[–—]| lol\\b| haha\\w*\\b| :\\)| :D|"
                    + "\\s(?:because|cause|'cause|cuz|since|so that|so|which|who|whom|whose|where|when|whenever|"
                    + "while|if|unless|as if|as(?! an?\\b)|though|although|even though|until|till|but|than|like|except|that|i|we|you|he|she|"
                    + "they|i'm|i've|i'd|i'll|we're|we've|you're|they're|"
                    + "too|either|plus|whether|that's|it's|which's|btw|tbh|hopefully|especially|how|what|why|"
                    + "is|was|were|are|has been|had been|will|would|could|should|might|must|"
                    + "a lot|so much|very much|more than|such as|i think|i guess|i mean|you know|"
                    + "and (?:i|i'm|i've|i'd|it|it's|we|we're|they|he|she|you|that|this|then|now|so|also|"
                    + "still|even|really|just|now|had|have|has|was|were|is|are|will|would|can|could|made|got|want|need|"
                    + "hope|plan|love|like|think|feel|try|wanna|gonna|am|decided|started|saw|went|took)|"
                    + "or (?:i|it|we|they|he|she|you|something|anything|so|whatever))\\b)",
            Pattern.CASE_INSENSITIVE);

    private static final Pattern QUOTED =
            Pattern.compile("[\"“]([^\"“”]{2,60})[\"”]|(?<![\\w'])'([^']{2,60})'(?![\\w'])");
    /** Words in "-ing" that describe rather than act: "a safe and loving home" is one phrase. */
    private static final Set<String> ING_ADJECTIVES = words("loving caring amazing interesting exciting inspiring "
            + "relaxing welcoming inviting engaging rewarding fulfilling charming stunning calming soothing "
            + "challenging demanding thriving nurturing encouraging uplifting");

    private static final char TITLE_SPACE = '\u00a0';
    private static final Set<String> TRAILING =
            words("a an the and or of to in on at for with my our some from about into by up out really so"
                    + " very just also super pretty such more most much even still this that these those your"
                    + " their his her its every each all any lots lot bit kind sort type new own first last next"
                    + " another other than then there here actually finally totally definitely absolutely"
                    + " especially mostly together over back off during through after before around near since"
                    + " until like as while myself yourself ourselves anyway though either too well right online almost"
                    + " nearly probably maybe soon yet anymore already regularly lately often sometimes always");
    /** Verbs that after "to" open a purpose clause ("a temp job to help cover expenses"). */
    private static final Set<String> PURPOSE_VERBS = words("be have do make help get keep show see give take find "
            + "learn raise support celebrate bring spread try stay start cover meet clear relax unwind destress "
            + "de-stress reduce improve build create share express connect honor honour remember pay save grow "
            + "explore reach put let go feel cheer thank check catch visit enjoy escape play watch hear say tell ask "
            + "know think look use move buy sell eat cook sleep rest recharge reconnect bond deal cope manage fix "
            + "prepare organize organise plan spend scatter hang decorate display test study read write listen talk "
            + "chat fit avoid lose burn gain boost encourage inspire teach donate collect gather welcome stop begin "
            + "continue finish complete compete win mark capture document record track monitor figure sort "
            + "process heal calm focus clean mix change add bake kill pass");

    private static final Set<String> PREPOSITIONS =
            words("in at for with on to from of about during by near around into through after before over"
                    + " under across along without within between");
    private static final Set<String> VERBS = words("put make get help give take have do go see be share show");
    private static final Set<String> ADJECTIVES =
            words("safe warm big small new old good great nice happy kind strong open free quiet calm fun"
                    + " cozy cosy healthy simple beautiful supportive inclusive positive creative local little"
                    + " long short young special real");
    private static final Pattern ADJECTIVE_SUFFIX = Pattern.compile(".*(?:ive|ful|ous|able|ible|ic|ish|less|ing|al)$");
    private static final Set<String> VAGUE = Set.copyOf(List.of(
            "it",
            "that",
            "this",
            "them",
            "those",
            "these",
            "you",
            "him",
            "her",
            "me",
            "myself",
            "us",
            "yourself",
            "how",
            "what",
            "when",
            "where",
            "why",
            "who",
            "whether",
            "if",
            "something",
            "anything",
            "everything",
            "nothing",
            "things",
            "thing",
            "stuff",
            "doing",
            "having",
            "getting",
            "being",
            "seeing",
            "hearing",
            "knowing",
            "thinking",
            "talking",
            "chatting",
            "catching",
            "reading it",
            "one",
            "ones",
            "so",
            "too",
            "out",
            "up",
            "sure",
            "well",
            "there",
            "here",
            "back",
            "home",
            "around",
            "all",
            "some",
            "more",
            "lots",
            "a lot",
            "a bit",
            "a little",
            "a ton",
            "the same",
            "the best",
            "the idea",
            "the way",
            "the fact",
            "the chance",
            "the opportunity",
            "the time",
            "the point",
            "the hang",
            "the courage",
            "the strength",
            "the motivation",
            "the urge",
            "a chance",
            "a way",
            "a sense",
            "a feeling",
            "a lot of",
            "tons",
            "in",
            "on",
            "off",
            "down",
            "over",
            "to",
            "for",
            "with",
            "at",
            "like",
            "as",
            "about"));
    private static final Set<String> PRONOUN_OBJECTS =
            words("it that them you him her me myself us yourself one those something anything everything"
                    + " nothing what how why where when who whether if someone somebody anyone anybody everyone"
                    + " everybody this these");
    private static final Set<String> DEMONSTRATIVES = words("this that these those");
    /** A clause end that opens a relative clause ("... the book I bought"). */
    private static final Pattern RELATIVE_START = Pattern.compile(
            "(?:that|which|who|whom|whose|i|we|you|he|she|they|i'm|i've|i'd|we're|we've|you're|they're)");
    /** A phrase that ends in a definite noun phrase of at most three words. */
    private static final Pattern DEFINITE_END =
            Pattern.compile("(?i)\\b(?:the|this|that|these|those)(?:\\s+[\\w'-]+){1,3}\\s*$");

    private static final Map<String, String> SPELLED = Map.ofEntries(
            Map.entry("fam", "family"),
            Map.entry("edu", "education"),
            Map.entry("bday", "birthday"),
            Map.entry("b-day", "birthday"),
            Map.entry("bf", "boyfriend"),
            Map.entry("gf", "girlfriend"),
            Map.entry("bff", "best friend"),
            Map.entry("pics", "pictures"),
            Map.entry("pic", "picture"),
            Map.entry("uni", "university"),
            Map.entry("w/", "with"),
            Map.entry("&", "and"));

    private Phrases() {}

    /** At most {@code maxWords} words of {@code tail} up to a clause boundary; empty when nothing specific is left. */
    static Optional<String> clip(String tail, int maxWords) {
        List<String> words = clause(tail);
        int end = words.size();
        if (end > maxWords) {
            end = cutBack(words, maxWords);
        }
        while (end > 0 && TRAILING.contains(bare(words.get(end - 1)))) {
            end--;
        }
        int start = 0;
        while (start < end && Set.of("both", "all", "just", "also", "even").contains(bare(words.get(start)))) {
            start++;
        }
        if (start >= end) {
            return Optional.empty();
        }
        List<String> kept = new ArrayList<>(words.subList(start, end));
        String first = bare(kept.get(0));
        if (PRONOUN_OBJECTS.contains(first)) {
            return Optional.empty();
        }
        for (String word : kept) {
            if (DEMONSTRATIVES.contains(bare(word))) {
                return Optional.empty(); // "these lovely flowers": something in view, unnamed
            }
        }
        return finish(kept);
    }

    /** The words of {@code tail}'s first clause, without a time expression or anything after one. */
    static List<String> clause(String tail) {
        String text = " " + titlesAsWords(tail.replace('’', '\'')).replaceAll("[\"“”‘]|(?<!\\w)'|'(?!\\w)", " ");
        Matcher end = CLAUSE_END.matcher(text);
        if (end.find()) {
            String boundary = end.group().strip().toLowerCase(Locale.ROOT);
            text = text.substring(0, end.start());
            if (boundary.startsWith(":")) {
                return List.of(); // "found my real muses: painting and pottery": the value is after the colon
            }
            if (RELATIVE_START.matcher(boundary).matches()
                    && DEFINITE_END.matcher(text).find()) {
                return List.of(); // "the book I bought at the museum": the thing is named by its clause
            }
        }
        Matcher time = TIME.matcher(" " + text);
        if (time.find()) {
            text = (" " + text).substring(0, time.start());
        }
        String[] raw = text.strip().split("\\s+");
        List<String> words = new ArrayList<>();
        for (int i = 0; i < raw.length; i++) {
            String word = raw[i];
            if (word.isEmpty()) {
                continue;
            }
            if (i > 0 && lowerPurpose(raw[i - 1], word)) {
                words.remove(words.size() - 1);
                break; // "to help cover expenses": a purpose clause, not part of the phrase
            }
            if (word.endsWith(",")) {
                words.add(word.substring(0, word.length() - 1));
                if (!continuesAfterComma(words, i + 1 < raw.length ? raw[i + 1] : "")) {
                    break;
                }
                words.set(words.size() - 1, word);
                continue;
            }
            words.add(word);
            String lower = bare(word);
            String next = i + 1 < raw.length ? bare(raw[i + 1]) : "";
            // "... and made some friends": a second verb phrase starts.
            if (i + 1 < raw.length
                    && (lower.equals("and") || lower.equals("or"))
                    && (VERBS.contains(next)
                            || PURPOSE_VERBS.contains(next)
                            || next.endsWith("ed") && next.length() > 4
                            || next.endsWith("ing")
                                    && !bare(words.get(0)).endsWith("ing")
                                    && !ING_ADJECTIVES.contains(next))
                    && words.size() > 1) {
                words.remove(words.size() - 1);
                break;
            }
        }
        return words;
    }

    /**
     * A quoted title ("The Girl on the Train") is one word while the phrase is cut, so that its
     * inner words are not read as prepositions or clause ends; {@link #finish} restores the spaces.
     */
    private static String titlesAsWords(String text) {
        Matcher quoted = QUOTED.matcher(text);
        StringBuilder out = new StringBuilder();
        while (quoted.find()) {
            String title = quoted.group(1) != null ? quoted.group(1) : quoted.group(2);
            quoted.appendReplacement(out, Matcher.quoteReplacement(title.strip().replace(' ', TITLE_SPACE)));
        }
        quoted.appendTail(out);
        return out.toString();
    }

    /** "to" before a verb opens a purpose clause; before a noun ("to school") it is a destination. */
    private static boolean lowerPurpose(String previous, String word) {
        return bare(previous).equals("to")
                && !word.isEmpty()
                && Character.isLowerCase(word.charAt(0))
                && PURPOSE_VERBS.contains(bare(word));
    }

    /** A comma continues the phrase only inside a list of like words or between stacked adjectives. */
    private static boolean continuesAfterComma(List<String> before, String nextWord) {
        String previous = bare(before.get(before.size() - 1));
        String next = bare(nextWord);
        if (next.isEmpty()) {
            return false;
        }
        if (previous.endsWith("ing") && next.endsWith("ing") && !previous.equals(next)) {
            return true;
        }
        String beforePrevious = before.size() > 1 ? bare(before.get(before.size() - 2)) : "";
        boolean openNounPhrase =
                words("a an the my our some very so really").contains(beforePrevious) && adjective(previous);
        return openNounPhrase && adjective(next);
    }

    private static boolean adjective(String word) {
        return ADJECTIVES.contains(word) || ADJECTIVE_SUFFIX.matcher(word).matches() && word.length() > 4;
    }

    /** The end (exclusive) of the longest whole prefix within {@code maxWords}: before a preposition. */
    private static int cutBack(List<String> words, int maxWords) {
        for (int i = maxWords; i >= 2; i--) {
            if (i < words.size()
                    && PREPOSITIONS.contains(bare(words.get(i)))
                    && !bare(words.get(i)).equals("of")
                    && !bare(words.get(i - 1)).endsWith("ed")) {
                return i;
            }
            if (i < words.size()
                    && (bare(words.get(i)).equals("and") || bare(words.get(i)).equals("or"))) {
                String next = i + 1 < words.size() ? bare(words.get(i + 1)) : "";
                if (next.endsWith("ing") || VERBS.contains(next)) {
                    return i;
                }
            }
        }
        return 0;
    }

    private static Optional<String> finish(List<String> kept) {
        List<String> out = new ArrayList<>();
        for (String word : kept) {
            String spelled = SPELLED.get(word.toLowerCase(Locale.ROOT));
            out.add(spelled != null ? spelled : word);
        }
        String phrase = String.join(" ", out)
                .replace(TITLE_SPACE, ' ')
                .replaceAll("^[^\\p{L}\\p{N}$£€#]+|[^\\p{L}\\p{N})+%]+$", "")
                .replaceAll("\\s+", " ")
                .replaceAll(
                        "(?i)\\s+(?:on|with|for|to|about|at|in|from|of|by)\\s+(?:it|them|him|her|me|us|you|that|this)$",
                        "")
                .strip();
        if (phrase.matches("(?i).*\\b(?:it|them|him|it's|its|they|their|theirs|everything|something|anything|"
                + "nothing|everyone|someone|anyone)\\b.*|(?i).*\\b(?:both|either|neither|mine|yours)$")) {
            return Optional.empty();
        }
        String lower = phrase.toLowerCase(Locale.ROOT);
        if (phrase.isBlank() || VAGUE.contains(lower) || VAGUE.contains(lower.split(" ")[0]) && out.size() == 1) {
            return Optional.empty();
        }
        if (VAGUE.contains(lower.replaceAll("^(?:a|an|the|my|some) ", ""))
                || lower.startsWith("the idea")
                || lower.startsWith("the way")
                || lower.startsWith("a lot")
                || lower.startsWith("the chance")) {
            return Optional.empty();
        }
        return Optional.of(phrase);
    }

    static String bare(String word) {
        return word.toLowerCase(Locale.ROOT).replaceAll("^[^\\p{L}\\p{N}&/]+|[^\\p{L}\\p{N}]+$", "");
    }

    private static boolean startsWithVowel(String word) {
        return !word.isEmpty() && "aeiouAEIOU".indexOf(word.charAt(0)) >= 0;
    }

    /** The words of {@code text}, split at spaces: a compact spelling of a word set. */
    static Set<String> words(String text) {
        return Set.copyOf(List.of(text.strip().split("\\s+")));
    }
}
