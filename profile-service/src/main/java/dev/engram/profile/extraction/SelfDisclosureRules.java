package dev.engram.profile.extraction;

import static dev.engram.profile.model.CommandOp.ADD;
import static dev.engram.profile.model.CommandOp.DELETE;
import static dev.engram.profile.model.CommandOp.UPDATE;

import dev.engram.profile.model.CommandOp;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The grammar of first-person self-disclosure. A rule is a subject ("I", "I'm", "I've been", "we"
 * for what the speaker did with others, "my sister") with a verb frame, followed by a phrase that
 * {@link Phrases} cuts at its clause's end, so values are clean phrases without trailing time words
 * or subordinate clauses. What the frames read:
 *
 * <ul>
 *   <li>states, one value at a time (UPDATE closes the previous one): occupation ("I'm a nurse", "I
 *       work as"), employer ("I work at/for X", "I got a job at X"), home ("I live in / moved to X"),
 *       origin, age, relationship status;
 *   <li>further values (ADD): people named with their relation ("my sister Ana", "a dog named Luna",
 *       "Ana is my sister"), family, hobbies and ongoing activities ("I've been volunteering at ..."),
 *       likes and dislikes, plans, identity, health, education;
 *   <li>events, saying what happened: a past-tense verb with its object ("went to a pride parade",
 *       "promoted to charge nurse"); the verb frame alone says nothing ("I got it", "I felt");
 *   <li>ends of states (DELETE): leaving or quitting a job or workplace, being laid off, retiring,
 *       breaking up, moving out, quitting a habit, a pet that died.
 * </ul>
 *
 * Rules favour precision: a frame fires only on its fixed verbs, objects that are pronouns or say
 * nothing specific yield no value, and a general rule (the past-tense event, the ongoing activity)
 * stands back where a specific one already read the same subject.
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

    /** Adverbs that may stand between the subject and its verb without changing what is said. */
    private static final String ADV = "(?:(?:just|recently|finally|also|even|actually|really|already|now|currently|"
            + "officially|eventually|then|once|first|totally|literally|luckily|kinda|still|originally|"
            + "proudly|happily|suddenly|ultimately)\\s+){0,3}";

    private static final String I_AM = "\\bI(?:'m| am)\\s+" + ADV;
    private static final String I_HAVE_BEEN =
            "\\bI(?:'ve| have)\\s+(?:(?:always|also|really|just|recently|lately|now)\\s+){0,2}been\\s+" + ADV;
    private static final String I = "\\bI\\s+" + ADV;
    private static final String I_OR_WE = "\\b(?:I|[Ww]e)\\s+" + ADV;
    /** The rest of the sentence, read without being consumed, so a later clause's "I" is found too. */
    private static final String TAIL = "(?=((?:[^.!?\\n]++|(?<=\\b(?:Mr|Mrs|Ms|Dr|St|Jr|vs))\\.)*+))";

    private static final String OCCUPATION = "nurse|teacher|doctor|engineer|developer|programmer|designer|artist|"
            + "painter|musician|writer|author|lawyer|accountant|chef|cook|firefighter|police officer|manager|"
            + "counselor|therapist|social worker|scientist|researcher|professor|dancer|photographer|mechanic|"
            + "pilot|veteran|soldier|entrepreneur|consultant|architect|pharmacist|dentist|veterinarian|barista|"
            + "waiter|waitress|cashier|farmer|carpenter|electrician|plumber|librarian|journalist|editor|actor|"
            + "actress|singer|coach|personal trainer|athlete|intern|analyst|real estate agent|freelancer|tutor|"
            + "paramedic|surgeon|psychologist|blogger|student|business owner|small business owner|"
            + "stay-at-home mom|stay-at-home dad|homemaker|retiree|marketer|salesperson|specialist|technician|"
            + "assistant|administrator|coordinator|director|supervisor|officer|clerk|driver|sales rep|"
            + "representative|agent|instructor|lecturer|physician|midwife|caregiver|volunteer|officer|"
            + "student|undergrad|grad student|phd student|postdoc|resident";
    private static final String RELATION = "sister|brother|sis|bro|mom|mother|mum|dad|father|husband|wife|son|"
            + "daughter|partner|boyfriend|girlfriend|fiance|fiancé|fiancee|fiancée|best friend|friend|bestie|cousin|"
            + "aunt|uncle|grandma|grandmother|granny|grandpa|grandfather|grandson|granddaughter|niece|nephew|"
            + "stepmom|stepdad|stepson|stepdaughter|sister-in-law|brother-in-law|mother-in-law|father-in-law|"
            + "colleague|coworker|co-worker|boss|manager|mentor|roommate|neighbor|neighbour|classmate|teammate|"
            + "kid|child|baby|twin|dog|cat|puppy|pup|kitten|bird|parrot|hamster|rabbit|bunny|horse|turtle|pet";
    private static final String KIN_ADJ =
            "(?:(?:best|little|older|younger|big|baby|oldest|youngest|eldest|new|late|dear|twin|sweet|"
                    + "old|good|close|childhood)\\s+)?";
    private static final String NAME = "([A-Z][a-z]+(?:-[A-Z][a-z]+)?)";
    private static final String PLACE =
            "([A-Z][\\w&'.-]*(?:\\s(?:(?:of|de|la|del|da|do|the|on|upon)\\s)?" + "[A-Z][\\w&'.-]*){0,3})";
    private static final String ACTIVITY = "taking|practicing|practising|learning|playing|painting|running|"
            + "volunteering|training|writing|blogging|reading|cooking|baking|hiking|swimming|dancing|drawing|"
            + "knitting|gardening|camping|surfing|skiing|climbing|fishing|singing|studying|sculpting|"
            + "photographing|journaling|meditating|biking|cycling|kayaking|rowing|boxing|kickboxing|skating|"
            + "working on|building|creating|making|designing|researching|exploring|teaching|mentoring|"
            + "coaching|attending|collecting|sewing|crocheting|woodworking|recording|composing|editing|"
            + "saving (?:up )?for|preparing for|using|experimenting with|listening to|watching|doing";
    private static final String GOAL_VERB = "become|be an? |start|open|launch|build|create|learn|adopt|move|travel|"
            + "visit|write|publish|run|study|go back|get (?:a|my|into|certified)|buy|finish|graduate|apply|"
            + "join|pursue|teach|compete|save (?:up|for)|retire|continue|explore|volunteer|attend|host|organize|"
            + "organise|train|plant|grow|renovate|sell|enter|participate|audition|perform|record|release|"
            + "take (?:a|an|up|classes|lessons)|try out|improve|lose|get back|make a|make my|"
            + "set up|work (?:on|as|at|with|in|toward|towards)|help|change|switch|upgrade|redecorate|plan a|"
            + "throw|celebrate|climb|hike|run|finish|complete|get married|have (?:a|kids|children)";

    /** Past-tense verbs of what one does; "-ed" verbs count unless they only report a feeling or a thought. */
    private static final String IRREGULAR_PAST = "went|ran|made|took|bought|saw|met|won|began|built|wrote|found|"
            + "gave|sang|drew|flew|drove|rode|swam|taught|caught|brought|sold|spent|held|threw|wore|became|grew|"
            + "led|sent|dug|fed|shot|chose|lost|broke|rebuilt|overcame|underwent|beat|got";

    private static final String PARTICIPLE = "begun|built|found|given|gone|made|met|read|run|seen|taken|won|written|"
            + "bought|become|grown|drawn|flown|driven|ridden|sung|taught|sold|spent|held|brought|caught|started";
    private static final Set<String> NOT_EVENTS =
            words("loved liked enjoyed wanted needed hoped wished decided tried used seemed mentioned"
                    + " wondered believed expected supposed imagined assumed considered planned realized realised"
                    + " noticed guessed figured asked answered replied talked chatted texted called missed hated"
                    + " preferred appreciated adored worried managed reminded agreed admired laughed cried smiled"
                    + " stayed stopped ended happened showed owned waited hesitated struggled failed pretended"
                    + " dreamed promised remembered arrived included explained described discussed suggested"
                    + " recommended noted continued required proceeded aimed intended pondered reflected valued"
                    + " cherished treasured faced looked sounded turned moved graduated retired adopted promoted"
                    + " need embraced reached handled wanted searched browsed ordered printed noticed liked"
                    + " followed googled listened opened wished tended headed interested excited inspired amazed"
                    + " surprised blessed bored stressed overwhelmed scared worked lived quit left asked changed"
                    + " offered hoped reconnected connected bonded thanked hugged relaxed rested cleaned rushed"
                    + " focused realised thrilled pleased posted messaged emailed shed fed loved");
    private static final Set<String> NOT_ACTIVITIES = Set.copyOf(List.of(
            "feeling",
            "thinking",
            "wondering",
            "meaning",
            "trying",
            "looking",
            "hoping",
            "planning",
            "considering",
            "debating",
            "struggling",
            "dealing",
            "having",
            "getting",
            "going",
            "doing",
            "waiting",
            "worrying",
            "missing",
            "dying",
            "craving",
            "talking",
            "chatting",
            "telling",
            "asking",
            "saying",
            "noticing",
            "realizing",
            "loving",
            "enjoying",
            "wanting",
            "needing",
            "putting",
            "keeping",
            "coming",
            "leaving",
            "seeing",
            "hearing",
            "searching",
            "wishing",
            "procrastinating",
            "stressing",
            "freaking",
            "reflecting",
            "pondering",
            "juggling",
            "questioning",
            "dreaming",
            "hanging",
            "relaxing",
            "resting",
            "busy",
            "meaning",
            "following",
            "checking",
            "browsing",
            "googling",
            "reading up",
            "focusing",
            "sitting",
            "staying",
            "living",
            "sleeping",
            "eating",
            "drinking",
            "missing",
            "counting",
            "pushing"));
    /** Activities that say enough without an object ("I've been running"). */
    private static final Set<String> HOBBY_VERBS = words("running painting hiking swimming dancing drawing knitting "
            + "gardening camping surfing skiing climbing fishing singing sculpting journaling meditating biking "
            + "cycling kayaking rowing boxing kickboxing skating baking cooking writing blogging reading volunteering "
            + "practicing practising training studying crocheting sewing woodworking composing photographing "
            + "jogging walking sketching quilting traveling travelling");

    private static final Set<String> TRIVIAL =
            words("pic pics picture pictures photo photos selfie selfies snap shot look glance break nap"
                    + " moment moments chance time times bit lot step second minute breath call text message note"
                    + " notes mistake decision choice sense idea ideas feeling point while way thing things stuff"
                    + " day night week weekend blast ball fun kick peek sec video videos question questions advice"
                    + " tip tips recommendation recommendations list news plunge few couple bunch lots more others"
                    + " opportunity surge difference progress options option alternatives platforms deal deals"
                    + " turnout"
                    + " ones several");
    private static final Set<String> NOT_NAMES =
            words("I I'm I've I'd I'll It It's The A An And But So We You He She They This That These Those"
                    + " My Our Your His Her Their Thanks Thank Yes Yeah No Oh Wow Hey Hi Hello Well Anyway Also"
                    + " Just Really Last Next Every Today Yesterday Tomorrow Tonight Monday Tuesday Wednesday"
                    + " Thursday Friday Saturday Sunday January February March April May June July August"
                    + " September October November December Mom Dad God Christmas Easter Thanksgiving Halloween"
                    + " Lol Haha Omg Ok Okay Not Now Then When What Who Why How Where If As At In On For With Plus"
                    + " Both All Some Still Even Any One Two Sure Totally");
    private static final Set<String> NOT_WORKPLACES = Set.copyOf(List.of(
            "home",
            "night",
            "myself",
            "the moment",
            "work",
            "it",
            "them",
            "that",
            "this",
            "a living",
            "free",
            "the same",
            "me",
            "us",
            "you",
            "him",
            "her",
            "the time",
            "the weekend",
            "the weekends",
            "weekends",
            "the beginning",
            "the end",
            "the start",
            "least",
            "all",
            "first",
            "times",
            "the house",
            "my house",
            "house",
            "my place",
            "the place",
            "this place",
            "a while",
            "the company"));
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
            Map.entry("pescatarian", "diet"),
            Map.entry("christian", "religion"),
            Map.entry("muslim", "religion"),
            Map.entry("jewish", "religion"),
            Map.entry("buddhist", "religion"),
            Map.entry("hindu", "religion"),
            Map.entry("atheist", "religion"),
            Map.entry("introvert", "personality"),
            Map.entry("extrovert", "personality"));
    private static final Pattern LEADING_NAME = Pattern.compile(PLACE);
    private static final List<String> PARTNERS =
            List.of("boyfriend", "girlfriend", "partner", "fiance", "fiancé", "fiancee", "fiancée");

    /**
     * One frame. A general rule is skipped where a specific rule already read a statement starting at
     * the same subject.
     */
    record Rule(Pattern pattern, Function<Matcher, List<Fact>> read, boolean general) {}

    static final List<Rule> RULES = List.of(
            // ---- work: what one does, where, and its end ----
            rule(
                    "\\bI\\s+" + ADV + "(?:got|was|have been|'ve been|am|'m)\\s+" + ADV + "promoted\\b" + TAIL,
                    m -> promoted(m.group(1))),
            rule(
                    I + "(?:got|landed|accepted|started|took|began|got offered)\\s+(?:a |an |my )?"
                            + "(?:new |first |dream |full-time |part-time |summer )?"
                            + "(?:job|position|role|gig|internship)(?:\\s+(?:offer\\s+)?as\\s+an?\\s+([a-z][a-z -]+?))?"
                            + "\\s+(?:at|with|for|in)\\s+" + TAIL,
                    m -> newJob(m.group(1), m.group(2))),
            rule(
                    "\\bI\\s+" + ADV + "(?:got|was|have been|'ve been)\\s+(?:hired|recruited|accepted)\\s+(?:at|by)\\s+"
                            + TAIL,
                    m -> newJob(null, m.group(1))),
            rule(
                    "\\bI(?:'m| am|'ve been| have been)?\\s+" + ADV + "(?:now\\s+|currently\\s+)?work(?:ing|s)?\\s+"
                            + "(?:as\\s+an?\\s+([a-z][a-z -]+?)\\s+)?(?:at|for)\\s+" + TAIL,
                    m -> employer(m.group(1), m.group(2))),
            rule(
                    "\\bI(?:'m| am|'ve been| have been)?\\s+" + ADV + "work(?:ing|s)? as an? " + TAIL,
                    m -> occupationAs(m.group(1))),
            rule(
                    I_AM + "(?:working as )?an? ((?:[a-z-]+ ){0,2}(?:" + OCCUPATION + "))\\b(?![-'](?=\\w))"
                            + "(?:\\s+(?:at|for|with)\\s+" + TAIL + ")?",
                    m -> occupation(m.group(1), m.group(2))),
            rule(
                    "\\bI(?:'m| am)\\s+(?:no longer|not)\\s+an?\\s+((?:[a-z-]+ ){0,2}(?:" + OCCUPATION + "))\\b"
                            + "(?=[^.!?]*\\b(?:anymore|any more)\\b)|\\bI(?:'m| am)\\s+no longer\\s+an?\\s+"
                            + "((?:[a-z-]+ ){0,2}(?:" + OCCUPATION + "))\\b",
                    m -> List.of(
                            new Fact(DELETE, WORK, "occupation", m.group(1) != null ? m.group(1) : m.group(2), 0.7f))),
            rule(
                    I + "(?:quit|left|resigned from|stepped down from|walked away from)\\s+(?:my |the |that )?"
                            + "(?:(?:old|first|last|day|full-time|part-time|current)\\s+)?(job|position|role|post|"
                            + "career|gig)s?\\b(?:\\s+(?:at|with|as)\\s+" + TAIL + ")?",
                    m -> jobEnded("left " + m.group(1), m.group(2))),
            rule(
                    "\\bI\\s+" + ADV + "(?:got|was|have been|'ve been)\\s+(fired|laid off|let go)\\b(?:\\s+from\\s+"
                            + TAIL + ")?",
                    m -> jobEnded("was " + m.group(1), m.group(2))),
            rule(
                    I + "lost\\s+my\\s+(?:job|position)\\b(?:\\s+(?:at|with)\\s+" + TAIL + ")?",
                    m -> jobEnded("lost job", m.group(1))),
            rule(
                    "\\bI(?:'m|'ve|\\s+have|\\s+am)?\\s+" + ADV + "retired\\b(?:\\s+from\\s+" + TAIL + ")?",
                    m -> jobEnded("retired", m.group(1))),
            rule(
                    I + "(?:quit|left|resigned from)\\s+(?!my\\s|the\\s+(?:house|party|room|office|building|"
                            + "gym|store|show|car|event)\\b)(?=(?:the\\s+|[A-Z]))" + TAIL,
                    m -> placeLeft(m.group(1))),
            rule("\\bI\\s+" + ADV + "quit(?=\\s*(?:[.!;,]|$|\\s+(?:today|yesterday|last|this|recently)\\b))", m -> {
                List<Fact> facts = new ArrayList<>();
                facts.add(new Fact(DELETE, WORK, "employer", null, 0.6f));
                facts.add(new Fact(DELETE, WORK, "occupation", null, 0.6f));
                return facts;
            }),
            rule(I + "(?:quit|stopped|gave up|gave up on)\\s+(?=[a-z]+ing\\b)" + TAIL, m -> habitEnded(m.group(1))),
            rule(
                    I
                            + "(?:(?:just|recently|finally)\\s+)?(?:started|opened|launched|founded)\\s+(?:my own |my |a |an )"
                            + "((?:[\\w-]+ ){0,3}(?:store|shop|business|company|studio|startup|bakery|restaurant|brand|"
                            + "blog|channel|podcast|clinic|salon|agency|nonprofit|charity|cafe))\\b",
                    m -> List.of(new Fact(ADD, WORK, "business", m.group(1), 0.7f))),

            // ---- where one lives and comes from ----
            rule(
                    "\\bI\\s+" + ADV + "(?:live|'ve lived|have lived|am living|'m living|now live|reside|"
                            + "'m based|am based|'ve been living|have been living)\\s+in\\s+(?:the city of\\s+)?"
                            + PLACE,
                    m -> name(UPDATE, LOCATION, "home", m.group(1))),
            rule(
                    I + "(?:moved|relocated)\\s+(?:back\\s+|over\\s+|out\\s+)?to\\s+(?:the city of\\s+)?" + PLACE,
                    m -> name(UPDATE, LOCATION, "home", m.group(1))),
            rule(
                    I + "(?:moved|relocated|came)\\s+(?:here\\s+|over\\s+)?from\\s+" + PLACE,
                    m -> name(ADD, LOCATION, "previous home", m.group(1))),
            rule(I_AM + "(?:originally\\s+)?from\\s+" + PLACE, m -> name(UPDATE, LOCATION, "origin", m.group(1))),
            rule(
                    I + "(?:grew up|was born|was raised)\\s+in\\s+" + PLACE,
                    m -> name(UPDATE, LOCATION, "origin", m.group(1))),
            rule(
                    "\\b(?:I|[Ww]e)(?:'ve|\\s+have)?\\s+" + ADV + "moved\\s+(?:out|away)\\b(?:\\s+(?:of|from)\\s+"
                            + TAIL + ")?",
                    m -> movedOut(m.group(1))),
            rule(
                    "\\bI\\s+(?:no longer|don't|do not)\\s+live\\s+in\\s+" + PLACE,
                    m -> List.of(new Fact(DELETE, LOCATION, "home", cleanName(m.group(1)), 0.7f))),

            // ---- people ----
            rule(
                    "\\b[Mm]y\\s+" + KIN_ADJ + "(" + RELATION + ")(s)?(?:,?\\s+(?:named|called))?,?\\s+" + NAME
                            + "(?:(?:,\\s*|\\s+and\\s+|,\\s+and\\s+)" + NAME + ")?\\b",
                    m -> people(m.group(1), m.group(3), m.group(4))),
            rule(
                    "\\b[Oo]ur\\s+" + KIN_ADJ + "(son|daughter|kid|child|baby|dog|cat|puppy|kitten|pet)(s)?,?\\s+"
                            + NAME + "(?:\\s+and\\s+" + NAME + ")?\\b",
                    m -> people(m.group(1), m.group(3), m.group(4))),
            rule(
                    "\\b(?:a|an|one|two|my|our)\\s+(?:new\\s+|little\\s+|rescue\\s+|sweet\\s+)?(" + RELATION + ")s?\\s+"
                            + "(?:named|called)\\s+" + NAME + "(?:\\s+and\\s+" + NAME + ")?",
                    m -> people(m.group(1), m.group(2), m.group(3))),
            rule(
                    "(?<![\\w,]\\s)\\b" + NAME + "\\s+is\\s+my\\s+" + KIN_ADJ + "(" + RELATION + ")\\b",
                    m -> people(m.group(2), m.group(1), null)),
            rule(
                    "\\b[Mm]y\\s+(husband|wife|kids|children|son|daughter|sons|daughters|boyfriend|girlfriend|fiance|"
                            + "fiancee|partner)\\b(?!,?\\s+(?:named\\s+|called\\s+)?[A-Z][a-z])",
                    m -> List.of(new Fact(ADD, RELATIONSHIPS, "family", "has " + family(m.group(1)), 0.6f))),
            rule(
                    "\\bI\\s+have\\s+(a|an|one|two|three|four|five|\\d)\\s+(kids|children|sons|daughters|son|daughter|"
                            + "dogs?|cats?|puppy|puppies|kittens?|sisters?|brothers?|grandkids|grandchildren)\\b",
                    m -> List.of(new Fact(ADD, RELATIONSHIPS, "family", "has " + m.group(1) + " " + m.group(2), 0.7f))),
            rule(
                    "\\b(?:I|[Ww]e)\\s+" + ADV + "(?:broke up|split up|separated|called it quits|ended things)\\b"
                            + "(?:\\s+with\\s+(?:my\\s+(?:boyfriend|girlfriend|partner|fiance|fiancee)|" + NAME + "))?",
                    m -> brokeUp(m.group(1))),
            rule(
                    "\\b[Mm]y\\s+(?:sweet\\s+|old\\s+|beloved\\s+)?(dog|cat|puppy|kitten|pet|bird|parrot|hamster|"
                            + "rabbit|bunny|horse|grandma|grandmother|grandpa|grandfather|mom|mother|dad|father)"
                            + "(?:,?\\s+" + NAME + ",?)?\\s+(?:passed away|died|passed)\\b",
                    m -> List.of(
                            new Fact(DELETE, RELATIONSHIPS, m.group(1).toLowerCase(Locale.ROOT), m.group(2), 0.7f))),

            // ---- status, identity, age, health, education ----
            rule(
                    "\\b(?:I(?:'m| am| got)|[Ww]e(?:'re| are| got))\\s+(?:now\\s+|recently\\s+|just\\s+|finally\\s+|"
                            + "officially\\s+)?(married|engaged|divorced|single|widowed)\\b(?![-\\w])",
                    m -> status(m.group(1))),
            rule(
                    I_AM + "(?:a |an )?(?:proud )?(transgender|trans|nonbinary|non-binary|gay|lesbian|bisexual|queer|"
                            + "vegan|vegetarian|pescatarian|christian|muslim|jewish|buddhist|hindu|atheist|introvert|"
                            + "extrovert)( woman| man| person| girl| guy)?\\b(?![-\\w])",
                    m -> identity(m.group(1), m.group(2))),
            rule(
                    I_AM + "a (?:proud |single |working |new |first-time )?(mom|mother|dad|father|parent|grandmother|"
                            + "grandfather|grandma|grandpa)\\b",
                    m -> List.of(new Fact(ADD, IDENTITY, "parent", m.group(1), 0.7f))),
            rule(
                    I_AM + "(\\d{1,3})\\s+(?:years|yrs|year)(?:-|\\s)old\\b",
                    m -> List.of(new Fact(UPDATE, DEMOGRAPHICS, "age", m.group(1), 0.8f))),
            rule(
                    I_AM + "an?\\s+(\\d{1,3})[- ]years?[- ]old\\b",
                    m -> List.of(new Fact(UPDATE, DEMOGRAPHICS, "age", m.group(1), 0.8f))),
            rule("\\bI(?:'m| am)\\b[^.!?,;]{0,60}?\\bworking as an? " + TAIL, m -> occupationAs(m.group(1))),
            rule(
                    I_HAVE_BEEN
                            + "(?:experiencing|suffering from|dealing with|struggling with|battling|recovering from)"
                            + "\\s+(?:some\\s+|a\\s+|an\\s+|my\\s+|bad\\s+|severe\\s+)*" + TAIL,
                    m -> clipped(ADD, HEALTH, "condition", m.group(1), 4, 0.6f)),
            rule(
                    "\\bI\\s+(?:just\\s+)?turned\\s+(\\d{1,3})\\b",
                    m -> List.of(new Fact(UPDATE, DEMOGRAPHICS, "age", m.group(1), 0.8f))),
            rule(
                    I_AM + "(?:currently\\s+)?(?:studying|majoring in)\\s+(?=[a-z])" + TAIL,
                    m -> clipped(UPDATE, EDUCATION, "field of study", m.group(1), 4, 0.6f)),
            rule(
                    I_AM + "an?\\s+(?:(?:first|second|third|final|fourth)-year\\s+)?(?:freshman|sophomore|junior|"
                            + "senior|student|grad student|graduate student|phd student|phd candidate|undergrad)\\s+"
                            + "(?:at|in)\\s+" + PLACE,
                    m -> name(UPDATE, EDUCATION, "school", m.group(1))),
            rule("\\bI\\s+" + ADV + "graduated\\b\\s*" + TAIL, m -> graduated(m.group(1))),
            rule(
                    I_AM + "(?:allergic to|lactose intolerant)" + TAIL,
                    m -> clipped(ADD, HEALTH, "allergy", m.group(1).isBlank() ? "lactose" : m.group(1), 4, 0.7f)),
            rule(
                    "\\bI\\s+" + ADV + "(?:was|got|have been|'ve been)\\s+diagnosed\\s+with\\s+" + TAIL,
                    m -> clipped(ADD, HEALTH, "condition", m.group(1), 4, 0.7f)),
            rule(
                    "\\bI\\s+(?:have|suffer from|struggle with|deal with)\\s+(asthma|diabetes|ADHD|adhd|anxiety|"
                            + "depression|arthritis|migraines|celiac disease|cancer|insomnia|a bad back|"
                            + "a knee injury|PTSD|OCD|autism|epilepsy|high blood pressure|chronic pain)\\b",
                    m -> List.of(new Fact(ADD, HEALTH, "condition", m.group(1), 0.7f))),

            // ---- likes, interests, ongoing activities ----
            rule(
                    "\\bI\\s+(?:really\\s+|absolutely\\s+|just\\s+|truly\\s+|also\\s+|especially\\s+|totally\\s+)?"
                            + "(?:love|enjoy|like|adore)\\s+(?:doing\\s+)?" + TAIL,
                    m -> likes(m.group(1))),
            rule(
                    "\\bI(?:'m| am|'ve been| have been|'ve always been| have always been)\\s+"
                            + "(?:really\\s+|so\\s+|very\\s+|super\\s+|also\\s+|always\\s+|quite\\s+|pretty\\s+|totally\\s+)?"
                            + "(?:passionate about|into|obsessed with|a (?:huge |big |massive )?fan of|interested in|"
                            + "fascinated by|hooked on|crazy about)\\s+" + TAIL,
                    m -> interest(m.group(1))),
            general(
                    "\\bI(?:'ve|\\s+have)?\\s+" + ADV + "(?:took up|picked up|got into|started|begun|began)\\s+"
                            + "(?=[a-z]+ing\\b)" + TAIL,
                    m -> activity(m.group(1), 6)),
            general(I_HAVE_BEEN + "(?=[a-z]+ing\\b)" + TAIL, m -> activity(m.group(1), 6)),
            general(
                    I_AM + "(?:(?:currently|now|still)\\s+)?(?=(?:" + ACTIVITY + ")\\b)" + TAIL,
                    m -> activity(m.group(1), 6)),
            rule(
                    "\\bI\\s+(?:really\\s+)?(?:hate|dislike|can't stand|don't like|do not like|can't stand)\\s+" + TAIL,
                    m -> dislike(m.group(1))),
            rule(
                    "\\b[Mm]y\\s+(?:all-time\\s+)?fav(?:ou?rite|e)?\\s+([a-z]+(?:\\s+[a-z]+)?)\\s+(?:is|are|has to be|"
                            + "would be)\\s+" + TAIL,
                    m -> clipped(UPDATE, PREFERENCES, "favorite " + m.group(1), m.group(2), 5, 0.7f)),
            rule(
                    "(?:^|[,;]\\s*|\\bthat\\s+|\\band\\s+)((?:[A-Za-z][\\w'-]*\\s+){0,3}[A-Za-z][\\w'-]*)\\s+(?:is|are)\\s+"
                            + "(?:definitely\\s+|probably\\s+|still\\s+|now\\s+)?my\\s+(?:all-time\\s+|new\\s+)?"
                            + "fav(?:ou?rite|e)?\\b(?:\\s+([a-z]+(?:\\s+[a-z]+)?))?",
                    m -> favoriteBefore(m.group(1), m.group(2))),
            rule(
                    "\\bI\\s+(?:really\\s+|much\\s+|definitely\\s+|usually\\s+)?prefer\\s+(?=[a-z])" + TAIL,
                    m -> thing(PREFERENCES, "prefers", m.group(1))),

            // ---- plans ----
            rule(
                    "\\b(?:I(?:'m| am)\\s+(?:planning|hoping|aiming|going|gonna|about|determined|excited|"
                            + "looking forward)|I\\s+(?:want|hope|plan|intend|would love|'d love|aim|'m gonna)|"
                            + "[Mm]y\\s+(?:goal|dream|plan)\\s+is)\\s+(?:to\\s+)?((?:" + GOAL_VERB + ")" + "[^.!?]*)",
                    m -> plansTo(m.group(1))),
            rule(I_AM + "(?:going|heading|off)\\s+to\\s+(?=(?:a|an|the|my)\\s)" + TAIL, m -> plan("go to", m.group(1))),
            rule(I_AM + "planning\\s+(?=(?:a|an|my)\\s)" + TAIL, m -> plan("plan", m.group(1))),

            // ---- events ----
            rule(
                    I_OR_WE + "(?:got|have gotten|'ve gotten)\\s+(married|engaged|divorced|a new job|a job|"
                            + "accepted (?:into|to|for) [^,.!?]+|my (?:degree|diploma|license|licence|certification|"
                            + "master's|masters|phd|black belt)[^,.!?]*|certified(?: in| as)? [^,.!?]+)",
                    m -> clipped(ADD, EVENTS, "event", "got " + m.group(1), 9, 0.7f)),
            rule(
                    I_OR_WE + "(adopted\\s+(?:a|an|two|three|our|my)\\s+[^,.!?]+|had a baby[^,.!?]*|had (?:a |my )?"
                            + "(?:surgery|operation)[^,.!?]*|gave birth[^,.!?]*|ran (?:a|my first|the) (?:marathon|"
                            + "half marathon|5k|10k)[^,.!?]*|bought (?:a|our first|my first) (?:house|home|new car|car|"
                            + "condo|apartment)[^,.!?]*)",
                    m -> clipped(ADD, EVENTS, "event", m.group(1), 9, 0.7f)),
            general(
                    I_OR_WE + "(" + IRREGULAR_PAST + "|[a-z]{3,}ed)\\b(?!['’])" + TAIL,
                    m -> event(m.group(1), m.group(2))),
            general(
                    "\\bI(?:'ve| have)\\s+" + ADV + "(" + PARTICIPLE + "|[a-z]{3,}ed)\\b(?!['’])" + TAIL,
                    m -> event(m.group(1), m.group(2))));

    private SelfDisclosureRules() {}

    private static Rule rule(String regex, Function<Matcher, List<Fact>> read) {
        return new Rule(Pattern.compile(regex), read, false);
    }

    private static Rule general(String regex, Function<Matcher, List<Fact>> read) {
        return new Rule(Pattern.compile(regex), read, true);
    }

    private static List<Fact> clipped(
            CommandOp op, String tag, String feature, String tail, int maxWords, float confidence) {
        return Phrases.clip(tail, maxWords)
                .map(value -> List.of(new Fact(op, tag, feature, value, confidence)))
                .orElse(List.of());
    }

    private static List<Fact> name(CommandOp op, String tag, String feature, String name) {
        String trimmed = cleanName(name);
        return trimmed == null ? List.of() : List.of(new Fact(op, tag, feature, trimmed, 0.7f));
    }

    /** A proper name without the words that follow it but are no part of it ("Denver Last", "Paris I"). */
    static String cleanName(String name) {
        if (name == null) {
            return null;
        }
        List<String> kept = new ArrayList<>();
        for (String word : name.strip().split("\\s+")) {
            String bare = word.replaceAll("[.,']+$", "").replaceAll("['’]s$", "");
            if (NOT_NAMES.contains(bare) || bare.isEmpty()) {
                break;
            }
            kept.add(bare);
            if (!bare.equals(word.replaceAll("[.,]+$", ""))) {
                break; // a possessive ends the name
            }
        }
        while (!kept.isEmpty() && words("of de la del da do the on upon").contains(kept.get(kept.size() - 1))) {
            kept.remove(kept.size() - 1);
        }
        return kept.isEmpty() ? null : String.join(" ", kept);
    }

    /** An employer or workplace: a proper name, or a common noun phrase without its article. */
    private static Optional<String> workplace(String tail) {
        if (tail == null || tail.isBlank()) {
            return Optional.empty();
        }
        String text = tail.strip().replaceFirst("^[Tt]he\\s+(?=[A-Z])", "");
        Matcher proper = LEADING_NAME.matcher(text);
        if (proper.lookingAt()) {
            return Optional.ofNullable(cleanName(proper.group(1)));
        }
        return Phrases.clip(text, 4)
                .map(p -> p.replaceFirst("^(?:a|an|the|my|our|this)\\s+", ""))
                .filter(p -> !NOT_WORKPLACES.contains(p.toLowerCase(Locale.ROOT)))
                .filter(p -> !p.matches("(?i)(?:home|myself|night|a living|least|the moment|my own|heart|\\d|"
                        + "one|two|three|four|five|six|seven|eight|nine|ten|several|many|few|some).*"))
                .filter(p -> !p.matches("(?i).*\\b(?:years?|months?|weeks?|days?|hours?|minutes?|while|long|"
                        + "yourself|you|it)\\b.*"))
                .filter(p -> p.matches("[\\w&'.-]+(?:\\s[\\w&'.-]+){0,3}"));
    }

    private static List<Fact> employer(String asOccupation, String tail) {
        List<Fact> facts = new ArrayList<>();
        workplace(tail).ifPresent(place -> facts.add(new Fact(UPDATE, WORK, "employer", place, 0.7f)));
        if (asOccupation != null && !facts.isEmpty()) {
            Phrases.clip(asOccupation, 4).ifPresent(job -> facts.add(new Fact(UPDATE, WORK, "occupation", job, 0.7f)));
        }
        return facts;
    }

    private static List<Fact> occupationAs(String tail) {
        return Phrases.clip(tail.split("\\s+(?:at|for|with|in)\\s+")[0], 4)
                .map(job -> List.of(new Fact(UPDATE, WORK, "occupation", job, 0.7f)))
                .orElse(List.of());
    }

    private static List<Fact> occupation(String job, String workplaceTail) {
        List<Fact> facts = new ArrayList<>();
        String value = job.strip();
        if (value.matches("(?i)(?:bit|little|lot|huge|big|great|good|bad|terrible|fan|kind|sort).*")) {
            return facts;
        }
        facts.add(new Fact(UPDATE, WORK, "occupation", value, 0.7f));
        if (workplaceTail != null && !value.matches(".*\\b(?:student|undergrad|intern|volunteer)\\b.*")) {
            workplace(workplaceTail).ifPresent(place -> facts.add(new Fact(UPDATE, WORK, "employer", place, 0.6f)));
        }
        return facts;
    }

    private static List<Fact> promoted(String tail) {
        List<Fact> facts = new ArrayList<>();
        String rest = tail == null ? "" : tail.strip();
        if (rest.startsWith("to ")) {
            Optional<String> role = Phrases.clip(rest.substring(3), 4)
                    .map(r -> r.replaceFirst("^(?:a|an|the)\\s+", ""))
                    .filter(r -> !r.isBlank());
            if (role.isPresent()) {
                facts.add(new Fact(ADD, EVENTS, "event", "promoted to " + role.get(), 0.7f));
                facts.add(new Fact(UPDATE, WORK, "occupation", role.get(), 0.7f));
                return facts;
            }
        }
        Optional<String> where =
                rest.matches("(?:at|in)\\s.*") ? workplace(rest.substring(rest.indexOf(' ') + 1)) : Optional.empty();
        facts.add(new Fact(
                ADD, EVENTS, "event", where.map(w -> "promoted at " + w).orElse("got promoted"), 0.7f));
        return facts;
    }

    private static List<Fact> newJob(String asOccupation, String tail) {
        List<Fact> facts = new ArrayList<>();
        Optional<String> place = workplace(tail);
        if (place.isEmpty()) {
            return facts;
        }
        facts.add(new Fact(UPDATE, WORK, "employer", place.get(), 0.7f));
        facts.add(new Fact(ADD, EVENTS, "event", "started a new job at " + place.get(), 0.7f));
        if (asOccupation != null) {
            Phrases.clip(asOccupation, 4).ifPresent(job -> facts.add(new Fact(UPDATE, WORK, "occupation", job, 0.7f)));
        }
        return facts;
    }

    /** A job ended: the employer (the one named, or every one) and with it the occupation are closed. */
    private static List<Fact> jobEnded(String what, String tail) {
        List<Fact> facts = new ArrayList<>();
        Optional<String> place = workplace(tail);
        facts.add(new Fact(DELETE, WORK, "employer", place.orElse(null), 0.7f));
        facts.add(new Fact(DELETE, WORK, "occupation", null, 0.7f));
        facts.add(
                new Fact(ADD, EVENTS, "event", what + place.map(p -> " at " + p).orElse(""), 0.7f));
        return facts;
    }

    /**
     * "I left the hospital", "I quit Acme": closes the employer it names, if the profile has one, and
     * the occupation held there ({@code ProfileChanges}); leaving anything else closes nothing.
     */
    private static List<Fact> placeLeft(String tail) {
        return workplace(tail)
                .map(place -> List.of(new Fact(DELETE, WORK, "employer", place, 0.6f)))
                .orElse(List.of());
    }

    private static List<Fact> habitEnded(String tail) {
        // The habit is the gerund and its direct object: "stopped running after my surgery" ends "running".
        return Phrases.clip(tail.strip().split("\\s+(?:after|before|since|because|for|at|in|on|with|when)\\s+")[0], 3)
                .map(habit -> List.of(
                        new Fact(DELETE, HOBBIES, "does", habit, 0.6f),
                        new Fact(DELETE, HOBBIES, "enjoys", habit, 0.6f)))
                .orElse(List.of());
    }

    private static List<Fact> movedOut(String tail) {
        String place = tail == null ? null : cleanName(tail.strip().split("[,;:!?]|\\s(?=[a-z])")[0]);
        if (tail != null && place == null && !tail.isBlank()) {
            return List.of(); // "moved out of my parents' place": not the home the profile holds
        }
        return List.of(new Fact(DELETE, LOCATION, "home", place, 0.6f));
    }

    private static List<Fact> people(String relation, String first, String second) {
        List<Fact> facts = new ArrayList<>();
        String feature = singular(relation.toLowerCase(Locale.ROOT));
        for (String person : new String[] {first, second}) {
            if (person != null && !NOT_NAMES.contains(person)) {
                facts.add(new Fact(ADD, RELATIONSHIPS, feature, person, 0.7f));
            }
        }
        return facts;
    }

    private static String singular(String relation) {
        return switch (relation) {
            case "kid", "child", "baby" -> "child";
            case "sis" -> "sister";
            case "bro" -> "brother";
            case "mum", "mother" -> "mom";
            case "father" -> "dad";
            case "bestie" -> "best friend";
            case "fiancé" -> "fiance";
            case "fiancée" -> "fiancee";
            case "co-worker" -> "coworker";
            case "neighbour" -> "neighbor";
            case "pup" -> "puppy";
            default -> relation;
        };
    }

    private static List<Fact> brokeUp(String name) {
        List<Fact> facts = new ArrayList<>();
        for (String partner : PARTNERS) {
            facts.add(new Fact(DELETE, RELATIONSHIPS, partner, name, 0.6f));
            facts.add(new Fact(DELETE, RELATIONSHIPS, "family", "has a " + partner, 0.6f));
        }
        facts.add(new Fact(DELETE, RELATIONSHIPS, "relationship status", "engaged", 0.6f));
        facts.add(new Fact(DELETE, RELATIONSHIPS, "relationship status", "in a relationship", 0.6f));
        facts.add(new Fact(ADD, EVENTS, "event", name == null ? "broke up" : "broke up with " + name, 0.6f));
        return facts;
    }

    private static List<Fact> status(String word) {
        String status = word.toLowerCase(Locale.ROOT);
        List<Fact> facts = new ArrayList<>();
        facts.add(new Fact(UPDATE, RELATIONSHIPS, "relationship status", status, 0.7f));
        if (status.equals("divorced") || status.equals("single") || status.equals("widowed")) {
            for (String spouse : List.of("husband", "wife")) {
                facts.add(new Fact(DELETE, RELATIONSHIPS, spouse, null, 0.6f));
                facts.add(new Fact(DELETE, RELATIONSHIPS, "family", "has a " + spouse, 0.6f));
            }
        }
        if (status.equals("married")) {
            for (String partner : PARTNERS) {
                facts.add(new Fact(DELETE, RELATIONSHIPS, "family", "has a " + partner, 0.6f));
            }
        }
        return facts;
    }

    private static List<Fact> identity(String word, String noun) {
        String key = word.toLowerCase(Locale.ROOT);
        String value = noun == null ? key : key + noun;
        return List.of(new Fact(UPDATE, IDENTITY, IDENTITY_FEATURE.get(key), value, 0.7f));
    }

    /** "I graduated", "... from UCLA", "... with a Bachelor's in Computer Science (from X)". */
    private static List<Fact> graduated(String tail) {
        List<Fact> facts = new ArrayList<>();
        String text = tail == null ? "" : tail.strip();
        Optional<String> degree = Optional.empty();
        Optional<String> school = Optional.empty();
        if (text.startsWith("with ")) {
            String[] parts = text.substring(5).split("\\s+from\\s+", 2);
            degree = Phrases.clip(parts[0], 6);
            school = parts.length > 1 ? workplace(parts[1]) : Optional.empty();
        } else if (text.startsWith("from ")) {
            school = workplace(text.substring(5));
            if (school.isEmpty()) {
                return facts;
            }
        }
        school.ifPresent(s -> facts.add(new Fact(ADD, EDUCATION, "school", s, 0.7f)));
        degree.ifPresent(d -> facts.add(new Fact(ADD, EDUCATION, "degree", d, 0.7f)));
        String event = "graduated" + degree.map(d -> " with " + d).orElse("")
                + school.map(s -> " from " + s).orElse("");
        facts.add(new Fact(ADD, EVENTS, "event", event, 0.7f));
        return facts;
    }

    /** "I love hiking", "I like horror movies": an activity or a kind of thing, not a thing in view. */
    private static List<Fact> likes(String tail) {
        String text = tail.strip();
        if (text.matches(
                        "(?i)(?:(?:all|both) )?(?:the|this|that|these|those|your|his|her|their|it|you|how|what|when|seeing|my|"
                                + "is|are|was|were|be|has|have|had|so|too|about|with|for|it's|and|or|but|because|"
                                + "hearing|reading about|reading your|having you|talking|chatting|that|to\\s)\\b.*")
                || text.matches("(?i)[a-z]+ing\\s+(?:it|that|this|them|you|your|how)\\b.*")) {
            return List.of();
        }
        return Phrases.clip(text, 5)
                .filter(v -> !v.matches("(?i).*\\b(?:you|your)\\b.*"))
                .map(v -> List.of(new Fact(ADD, HOBBIES, "enjoys", v, 0.6f)))
                .orElse(List.of());
    }

    private static List<Fact> interest(String tail) {
        String text = tail.strip();
        if (text.matches("(?i)(?:the|this|that|these|those|your|his|her|their|it|you|how|what|when|whether|"
                        + "learning more|knowing|seeing|hearing|getting|finding|trying)\\b.*")
                || text.matches("(?i).*\\bthe (?:idea|concept|possibility|notion)\\b.*")) {
            return List.of();
        }
        return Phrases.clip(text, 5)
                .filter(v -> !v.matches("(?i).*\\b(?:you|your)\\b.*"))
                .filter(v -> v.contains(" ") || !v.endsWith("ing") || HOBBY_VERBS.contains(v.toLowerCase(Locale.ROOT)))
                .filter(v -> v.contains(" ") || !v.matches("(?i)[a-z]+(?:al|ic|ive|ous|ful|ish)"))
                .filter(v -> !v.matches("(?i)(?:making sure|ensuring|knowing|seeing|hearing)\\b.*"))
                .map(v -> List.of(new Fact(ADD, HOBBIES, "interested in", v, 0.6f)))
                .orElse(List.of());
    }

    private static List<Fact> thing(String tag, String feature, String tail) {
        String text = tail.strip();
        if (text.matches("(?i)(?:the|this|that|these|those|your|it|you|how|what|when|them|one|either|neither|"
                + "something|anything|to\\s+(?:be|do|get|have|go|see|keep|stay|stick|use|try|avoid))\\b.*")) {
            return List.of();
        }
        return clipped(ADD, tag, feature, text, 5, 0.6f);
    }

    /** A plan: its verb with a specific object, or one of the verbs that say enough alone ("retire"). */
    private static List<Fact> plansTo(String tail) {
        Optional<String> clipped = Phrases.clip(tail, 8);
        if (clipped.isEmpty()) {
            return List.of();
        }
        String value = clipped.get();
        String[] words = value.split("\\s+");
        int verbWords = value.matches("(?i)(?:be an?|go back|get (?:a|my|into|certified)|save (?:up|for)|"
                        + "take (?:a|an|up|classes|lessons)|try out|get back|make (?:a|my)|set up|work (?:on|as|at|"
                        + "with|in|toward|towards)|plan a|get married|have (?:a|kids|children))\\b.*")
                ? 2
                : 1;
        if (words.length <= verbWords) {
            return words[0].matches("(?i)retire|graduate|travel|compete|volunteer|move|relocate|get married")
                            || value.equalsIgnoreCase("get married")
                    ? List.of(new Fact(ADD, GOALS, "plans to", value, 0.6f))
                    : List.of();
        }
        String rest = String.join(" ", List.of(words).subList(verbWords, words.length));
        if (rest.matches("(?i)(?:it|that|this|them|something|anything|more|out|again|there|here|some|one|"
                + "sure|things|stuff|what|how|you|your|a bit|a lot|too|so)\\b.*")) {
            return List.of();
        }
        if (verbWords == 2 && words[1].matches("(?i)a|an|my")) {
            rest = words[1] + " " + rest;
            verbWords = 1;
        }
        String verb = String.join(" ", List.of(words).subList(0, verbWords));
        if (verb.equalsIgnoreCase("plan") && rest.strip().split("\\s+").length < 3) {
            return List.of(); // "planning a trip": which trip is what a profile would need
        }
        return object(rest, 8)
                .map(o -> List.of(new Fact(ADD, GOALS, "plans to", verb + " " + o, 0.6f)))
                .orElse(List.of());
    }

    private static List<Fact> dislike(String tail) {
        String text = tail.strip();
        if (text.matches("(?i)(?:the|this|that|these|those|your|it|you|how|what|when|to\\s+(?:see|hear)|"
                + "seeing|hearing|bothering|asking)\\b.*")) {
            return List.of();
        }
        return clipped(ADD, PREFERENCES, "dislikes", text, 5, 0.6f);
    }

    private static List<Fact> favoriteBefore(String thing, String kind) {
        String[] words = thing.strip().split("\\s+");
        int start = 0;
        for (int i = 0; i < words.length; i++) {
            if (words("that think guess found say and but the a an so is was now definitely probably honestly"
                            + " personally though but")
                    .contains(words[i].toLowerCase(Locale.ROOT))) {
                start = i + 1;
            }
        }
        if (start >= words.length) {
            return List.of();
        }
        List<String> kept = List.of(words).subList(start, words.length);
        for (String word : kept) {
            if (words("i it this which what who he she they you there one ones these those yours mine here place"
                            + " part thing song spot")
                    .contains(word.toLowerCase(Locale.ROOT))) {
                return List.of();
            }
        }
        String feature = kind == null ? "favorite" : "favorite " + kind.strip();
        if (kind != null
                && kind.matches("(?i)(?:part|thing|one|moment|memory|place|way|time|song of|too|so|"
                        + "too|by|of|and|but|to|for|from|in|on|at|as|ever|thing|things|parts|ones|because|since).*")) {
            return List.of();
        }
        return Phrases.clip(String.join(" ", kept), 5)
                .map(v -> List.of(new Fact(ADD, PREFERENCES, feature, v, 0.6f)))
                .orElse(List.of());
    }

    private static List<Fact> activity(String tail, int maxWords) {
        String text = tail.strip();
        String verb = text.split("\\s+")[0].toLowerCase(Locale.ROOT).replaceAll("[^a-z]", "");
        if (NOT_ACTIVITIES.contains(verb) || !verb.endsWith("ing") || verb.length() < 5) {
            return List.of();
        }
        String rest = text.substring(text.indexOf(verb) + verb.length());
        Optional<String> object = object(rest, maxWords - 1);
        boolean intransitive = rest.isBlank()
                || rest.strip()
                        .matches("(?i)(?:more|a lot|regularly|again|lately|recently|every|each|on|at|in|"
                                + "daily|weekly|since|for|with|and|,|to|as|because|'cause|so|which|but)\\b.*");
        if (object.isEmpty() && !intransitive) {
            return List.of();
        }
        if (object.isEmpty() && !HOBBY_VERBS.contains(verb)) {
            return List.of();
        }
        String value = object.map(o -> verb + " " + o).orElse(verb);
        return List.of(new Fact(ADD, HOBBIES, "does", value, 0.6f));
    }

    private static List<Fact> plan(String verb, String tail) {
        if (verb.equals("plan") && tail.strip().split("\\s+").length < 3) {
            return List.of();
        }
        return object(tail, 6)
                .map(o -> List.of(new Fact(ADD, GOALS, "plans to", verb + " " + o, 0.6f)))
                .orElse(List.of());
    }

    /** A past-tense verb and what it was done to: "went to a pride parade", "painted a lake sunrise". */
    private static List<Fact> event(String verb, String tail) {
        String past = verb.toLowerCase(Locale.ROOT);
        if (NOT_EVENTS.contains(past)) {
            return List.of();
        }
        String rest = tail == null ? "" : tail.strip();
        if (past.equals("got")
                && !rest.matches(
                        "(?i)(?:a|an|my|our|some|two|three|four|five|\\d+|new|into|back from|tickets?)\\b.*")) {
            return List.of();
        }
        if (rest.matches("(?i)(?:to|up|out|back|over|in|on|off|by|through|around|along|away|down|across)?\\s*"
                + "(?:to\\s+)?(?:see|be|do|get|have|say|tell|ask|know|it|that|this|them|him|her|you|me|myself|us|"
                + "so|really|very|too|pretty|super|quite|such|sure|lucky|better|worse|like|a bit|a little|a lot|"
                + "lots|over it|what|how|why|why|if|something|anything|everything|nothing|one|there|here)\\b.*")) {
            return List.of();
        }
        return object(rest, 9)
                .map(o -> List.of(new Fact(ADD, EVENTS, "event", past + " " + o, 0.6f)))
                .orElse(List.of());
    }

    /** The object of a verb: a specific phrase of at most {@code maxWords} words, never a trivial one. */
    private static Optional<String> object(String tail, int maxWords) {
        Optional<String> phrase = Phrases.clip(tail, maxWords);
        if (phrase.isEmpty()) {
            return phrase;
        }
        String[] words = phrase.get().toLowerCase(Locale.ROOT).split("\\s+");
        int content = 0;
        for (int i = 0; i < words.length; i++) {
            String word = words[i].replaceAll("[^a-z0-9-]", "");
            if (i < 4 && TRIVIAL.contains(word)) {
                return Optional.empty();
            }
            if (!words("a an the my our some to in at on for with of up out back into from over off and or new two"
                            + " own")
                    .contains(word)) {
                content++;
            }
        }
        if (content == 0 || words[0].matches("(?:your|his|her|their|its|you|him|them|it|me|myself)")) {
            return Optional.empty();
        }
        if (phrase.get().matches("(?i).*\\b(?:you|your)\\b.*")) {
            return Optional.empty();
        }
        return phrase;
    }

    private static String family(String relation) {
        return switch (relation) {
            case "kids", "children", "sons", "daughters" -> relation;
            default -> "a " + relation;
        };
    }

    /** The words of {@code text}, split at spaces: a compact spelling of a word set. */
    static Set<String> words(String text) {
        return Set.copyOf(List.of(text.strip().split("\\s+")));
    }
}
