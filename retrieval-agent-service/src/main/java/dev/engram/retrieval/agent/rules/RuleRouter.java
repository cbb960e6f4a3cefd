package dev.engram.retrieval.agent.rules;

import dev.engram.retrieval.model.SearchMode;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Routes a question without an LLM, by its surface: a chain of possessives or relations ("Caroline's
 * sister's dog", "the friend who moved to Denver") needs one fact before the next, so it is chained;
 * distinct names joined by a conjunction ("Caroline and Melanie") are independent parts, so it is
 * split. A question asking for several things of a kind ("What activities does Melanie do?") is
 * chained too, since a second round in the person's own words finds items the first missed (see
 * {@link ListQuestion}). Everything else is a direct search. When in doubt the answer is direct, the strategy that never costs more than one
 * search.
 */
@ApplicationScoped
public class RuleRouter {

    static final Set<String> RELATIONS = Set.of(
            "mother",
            "mom",
            "mum",
            "father",
            "dad",
            "parent",
            "parents",
            "sister",
            "brother",
            "sibling",
            "siblings",
            "husband",
            "wife",
            "partner",
            "spouse",
            "boyfriend",
            "girlfriend",
            "friend",
            "friends",
            "son",
            "daughter",
            "kid",
            "kids",
            "child",
            "children",
            "boss",
            "colleague",
            "coworker",
            "cousin",
            "aunt",
            "uncle",
            "grandma",
            "grandmother",
            "grandpa",
            "grandfather",
            "neighbor",
            "neighbour",
            "teacher",
            "mentor",
            "roommate",
            "niece",
            "nephew",
            "fiance",
            "fiancé",
            "fiancée");
    private static final Pattern DOUBLE_POSSESSIVE =
            Pattern.compile("\\b\\p{L}+['’]s\\s+(?:\\p{L}+\\s+)?\\p{L}+['’]s\\b");
    private static final Pattern POSSESSIVE_RELATION =
            Pattern.compile("\\b\\p{L}+['’]s\\s+(\\p{L}+)(?:\\s+(\\p{L}+))?");
    private static final Pattern RELATIVE_CLAUSE = Pattern.compile(
            "\\bthe\\s+(?:\\p{L}+\\s+)?(person|people|friend|man|woman|guy|girl|one|place|city|company|book|"
                    + "band|artist|team|group)\\s+(?:who|whom|whose|that|where)\\b",
            Pattern.CASE_INSENSITIVE);

    private final RuleSplitter splitter;

    public RuleRouter(RuleSplitter splitter) {
        this.splitter = splitter;
    }

    public RouteDecision route(String question) {
        Matcher chain = DOUBLE_POSSESSIVE.matcher(question);
        if (chain.find()) {
            return new RouteDecision(SearchMode.CHAIN, "rules: a chain of possessives (\"" + chain.group() + "\")");
        }
        Optional<String> relation = relation(question);
        if (relation.isPresent()) {
            return new RouteDecision(
                    SearchMode.CHAIN, "rules: asks about someone through a relation (\"" + relation.get() + "\")");
        }
        Matcher clause = RELATIVE_CLAUSE.matcher(question);
        if (clause.find()) {
            return new RouteDecision(
                    SearchMode.CHAIN, "rules: names something by what it did (\"" + clause.group() + "\")");
        }
        List<String> parts = splitter.split(question);
        if (parts.size() > 1) {
            return new RouteDecision(SearchMode.SPLIT, "rules: independent parts " + parts);
        }
        Optional<String> several = ListQuestion.cue(question);
        if (several.isPresent()) {
            return new RouteDecision(SearchMode.CHAIN, "rules: asks for several things (\"" + several.get() + "\")");
        }
        return new RouteDecision(SearchMode.DIRECT, "rules: a single-hop question");
    }

    private static boolean isRelation(String word) {
        return RELATIONS.contains(word.toLowerCase(Locale.ROOT));
    }

    /** A possessive followed by a relation word, such as "Caroline's sister" or "her best friend's". */
    private static Optional<String> relation(String question) {
        Matcher matcher = POSSESSIVE_RELATION.matcher(question);
        while (matcher.find()) {
            if (isRelation(matcher.group(1))) {
                return Optional.of(matcher.group().substring(0, matcher.end(1) - matcher.start()));
            }
            if (matcher.group(2) != null && isRelation(matcher.group(2))) {
                return Optional.of(matcher.group());
            }
        }
        return Optional.empty();
    }
}
