package dev.engram.vector.reconstruct;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntPredicate;

/**
 * The traversal actions a navigator outside the graph (the retrieval agent's LLM) may take, one at a time: a cue's
 * tags, a cue's contents (of one tag), a content's cues, a content's topic. Contents the caller may not see (outside
 * the search's filter) are not reached, and a fact that is not visible is as unknown as one that does not exist.
 * What an action reaches is ordered by how well it fits the question: the question's cues it shares, weighed by how
 * rare they are, more when its tag is a relation the question names.
 */
public final class Traversal {

    /** Actions a navigator may ask for. */
    public static final String START = "start";

    public static final String TAGS = "tags";
    public static final String OPEN = "open";
    public static final String CUES = "cues";
    public static final String TOPIC = "topic";

    public static final String UNKNOWN_OP = "unknown_op";
    public static final String UNKNOWN_CUE = "unknown_cue";
    public static final String UNKNOWN_FACT = "unknown_fact";
    public static final String MISSING_CUE = "missing_cue";
    public static final String MISSING_FACT = "missing_fact";

    /** How many of the question's cues a start shows. */
    private static final int START_CUES = 8;

    /** A cue with its tags, those of most contents first, and how many contents it leads to. */
    public record CueSummary(String cue, List<TagCount> tags, int contents) {}

    public record TagCount(String tag, int contents) {}

    /** What an action reached: an error, or cues and contents (best first, all of them). */
    public record Reached(String error, List<CueSummary> cues, List<Integer> contents) {

        static Reached failed(String error) {
            return new Reached(error, List.of(), List.of());
        }

        static Reached cues(List<CueSummary> cues) {
            return new Reached("", cues, List.of());
        }

        static Reached contents(List<Integer> contents) {
            return new Reached("", List.of(), contents);
        }
    }

    private final CueTagGraph graph;
    private final Set<String> words;
    private final IntPredicate visible;

    /**
     * @param words the question's words, stemmed as cues are
     * @param visible whether the caller may see a content
     */
    public Traversal(CueTagGraph graph, Set<String> words, IntPredicate visible) {
        this.graph = graph;
        this.words = words;
        this.visible = visible;
    }

    /** The cues the question names, the most telling first. */
    public Reached start() {
        return Reached.cues(words.stream()
                .filter(graph::hasCue)
                .sorted(Comparator.comparingInt(graph::spread).thenComparing(Comparator.naturalOrder()))
                .limit(START_CUES)
                .map(this::summary)
                .toList());
    }

    /** Cue → tags. */
    public Reached tags(String cue) {
        if (cue.isBlank()) {
            return Reached.failed(MISSING_CUE);
        }
        String known = known(cue);
        return known == null ? Reached.failed(UNKNOWN_CUE) : Reached.cues(List.of(summary(known)));
    }

    /** (Cue, tag) → contents; every tag's when {@code tag} is blank. */
    public Reached open(String cue, String tag) {
        if (cue.isBlank()) {
            return Reached.failed(MISSING_CUE);
        }
        String known = known(cue);
        if (known == null) {
            return Reached.failed(UNKNOWN_CUE);
        }
        List<Integer> contents = new ArrayList<>();
        for (int content : graph.contentsOf(known)) {
            if (visible.test(content) && (tag.isBlank() || graph.tagOf(content).equals(tag.strip()))) {
                contents.add(content);
            }
        }
        return Reached.contents(best(contents));
    }

    /** Content → its cues (reverse). */
    public Reached cues(String factId) {
        int content = content(factId);
        if (content < 0) {
            return Reached.failed(factId.isBlank() ? MISSING_FACT : UNKNOWN_FACT);
        }
        return Reached.cues(graph.cuesOf(content).stream().map(this::summary).toList());
    }

    /** Topic → its events: the other contents of the content's event. */
    public Reached topic(String factId) {
        int content = content(factId);
        if (content < 0) {
            return Reached.failed(factId.isBlank() ? MISSING_FACT : UNKNOWN_FACT);
        }
        List<Integer> members = new ArrayList<>();
        for (int member : graph.topicOf(content)) {
            if (member != content && visible.test(member)) {
                members.add(member);
            }
        }
        return Reached.contents(best(members));
    }

    /** A visible content of that fact id; -1 otherwise. */
    public int content(String factId) {
        int content = factId.isBlank() ? -1 : graph.content(factId.strip());
        return content >= 0 && visible.test(content) ? content : -1;
    }

    /** The cue as the graph knows it: as given, or stemmed as cues are ("Caroline's" and "caroline"). */
    private String known(String cue) {
        String plain = cue.strip();
        if (graph.hasCue(plain)) {
            return plain;
        }
        return QuestionWords.of(plain).stream()
                .filter(graph::hasCue)
                .findFirst()
                .orElse(null);
    }

    private CueSummary summary(String cue) {
        Map<String, Integer> counts = new HashMap<>();
        int contents = 0;
        for (int content : graph.contentsOf(cue)) {
            if (visible.test(content)) {
                contents++;
                String tag = graph.tagOf(content);
                if (!tag.isEmpty()) {
                    counts.merge(tag, 1, Integer::sum);
                }
            }
        }
        List<TagCount> tags = counts.entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue()
                        .reversed()
                        .thenComparing(Map.Entry.comparingByKey()))
                .map(entry -> new TagCount(entry.getKey(), entry.getValue()))
                .toList();
        return new CueSummary(cue, tags, contents);
    }

    /** The contents best for the question first; the earlier said first among equals. */
    private List<Integer> best(List<Integer> contents) {
        Map<Integer, Double> fit = new HashMap<>();
        for (int content : contents) {
            fit.put(content, fit(content));
        }
        return contents.stream()
                .sorted(Comparator.<Integer>comparingDouble(fit::get)
                        .reversed()
                        .thenComparing(Comparator.naturalOrder()))
                .toList();
    }

    private double fit(int content) {
        double fit = 0;
        for (String cue : graph.cuesOf(content)) {
            if (words.contains(cue)) {
                fit += Navigator.idf(graph, cue);
            }
        }
        String tag = graph.tagOf(content);
        return !tag.isEmpty() && words.contains(Tags.lemma(tag)) ? 2 * fit + 1 : fit;
    }
}
