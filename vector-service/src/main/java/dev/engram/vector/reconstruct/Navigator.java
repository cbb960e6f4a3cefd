package dev.engram.vector.reconstruct;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The heuristic navigator of memory reconstruction. It starts from the cues the question names (or, when it names
 * none, from contents a search found), and at each step opens the candidate contents with the most evidence: a
 * content gathers the activation of every active cue that leads to it, more when its tag is a relation the
 * question names. The cues of what it opened become active in turn (weaker, and only those rare enough to
 * tell something), and the rest of an opened content's topic become candidates. It stops when a step's best new
 * content adds little next to the best found, when nothing is left to open, or when the step budget is spent.
 */
public final class Navigator {

    /** How many cues and tags a step names in the trace. */
    private static final int TRACED = 3;

    /** One step: what it did, the cues and tags it went through, the contents it opened. */
    public record Step(String action, List<String> cues, List<String> tags, List<Integer> opened) {}

    /** A content opened, with the evidence that opened it. */
    public record Evidence(int content, double score) {}

    /** What the navigation found, best first, how it went, and why it ended. */
    public record Reconstruction(List<Evidence> evidence, List<Step> steps, String stopped) {}

    public static final String STOPPED_NO_GAIN = "no_gain";
    public static final String STOPPED_BUDGET = "budget";
    public static final String STOPPED_NO_CUES = "no_cues";

    private final ReconstructSettings settings;

    public Navigator(ReconstructSettings settings) {
        this.settings = settings;
    }

    /**
     * @param words the question's words, stemmed as cues are
     * @param found contents a search found for the question, by weight: where to start when the question names
     *     no cue of the graph
     */
    public Reconstruction navigate(CueTagGraph graph, Set<String> words, Map<Integer, Double> found) {
        List<Step> steps = new ArrayList<>();
        Map<String, Double> active = new HashMap<>();
        Map<String, Double> frontier = new LinkedHashMap<>();
        for (String word : words) {
            if (graph.hasCue(word)) {
                frontier.put(word, idf(graph, word));
            }
        }
        Map<Integer, Double> candidates = new HashMap<>();
        if (frontier.isEmpty()) {
            if (found.isEmpty()) {
                return new Reconstruction(List.of(), List.of(), STOPPED_NO_CUES);
            }
            candidates.putAll(found);
            steps.add(new Step("fact_search", List.of(), List.of(), List.of()));
        } else {
            steps.add(new Step("start", strongest(frontier), List.of(), List.of()));
        }
        Map<Integer, Double> opened = new LinkedHashMap<>();
        double best = 0;
        String stopped = STOPPED_BUDGET;
        for (int step = 0; step < settings.maxSteps(); step++) {
            reach(graph, words, frontier, opened, candidates);
            active.putAll(frontier);
            List<String> through = strongest(frontier);
            frontier = new LinkedHashMap<>();
            List<Evidence> next = candidates.entrySet().stream()
                    .sorted(Map.Entry.<Integer, Double>comparingByValue()
                            .reversed()
                            .thenComparing(Map.Entry.comparingByKey()))
                    .limit(settings.openPerStep())
                    .map(entry -> new Evidence(entry.getKey(), entry.getValue()))
                    .toList();
            if (next.isEmpty() || (best > 0 && next.get(0).score() < settings.minGain() * best)) {
                stopped = STOPPED_NO_GAIN;
                break;
            }
            List<Integer> contents = new ArrayList<>(next.size());
            List<String> tags = new ArrayList<>();
            for (Evidence evidence : next) {
                candidates.remove(evidence.content());
                opened.put(evidence.content(), evidence.score());
                contents.add(evidence.content());
                String tag = graph.tagOf(evidence.content());
                if (!tag.isEmpty() && !tags.contains(tag) && tags.size() < TRACED) {
                    tags.add(tag);
                }
                best = Math.max(best, evidence.score());
                follow(graph, evidence, active, frontier);
                topic(graph, evidence, opened, candidates);
            }
            steps.add(new Step("open", through, tags, contents));
            if (!frontier.isEmpty()) {
                steps.add(new Step("follow", strongest(frontier), List.of(), List.of()));
            }
        }
        List<Evidence> evidence = opened.entrySet().stream()
                .map(entry -> new Evidence(entry.getKey(), entry.getValue()))
                .sorted(Comparator.comparingDouble(Evidence::score).reversed())
                .toList();
        return new Reconstruction(evidence, List.copyOf(steps), stopped);
    }

    /** Cue → contents: each cue of the frontier adds its activation to the contents it leads to. */
    private void reach(
            CueTagGraph graph,
            Set<String> words,
            Map<String, Double> frontier,
            Map<Integer, Double> opened,
            Map<Integer, Double> candidates) {
        frontier.forEach((cue, activation) -> {
            for (int content : graph.contentsOf(cue)) {
                if (!opened.containsKey(content)) {
                    candidates.merge(content, activation * tagFactor(graph, content, words), Double::sum);
                }
            }
        });
    }

    /** A content whose relation the question names ("Where did she move to?" and a fact tagged "move to"). */
    private double tagFactor(CueTagGraph graph, int content, Set<String> words) {
        String tag = graph.tagOf(content);
        return !tag.isEmpty() && words.contains(Tags.lemma(tag)) ? 1 + settings.tagBonus() : 1;
    }

    /** Content → cues: the rare cues of an opened content join the next step's frontier, weaker. */
    private void follow(CueTagGraph graph, Evidence opened, Map<String, Double> active, Map<String, Double> frontier) {
        for (String cue : graph.cuesOf(opened.content())) {
            int spread = graph.spread(cue);
            if (active.containsKey(cue) || spread > settings.maxCueSpread()) {
                continue;
            }
            double activation = settings.followDecay() * opened.score() * idf(graph, cue) / (1 + idf(graph, cue));
            frontier.merge(cue, activation, Math::max);
        }
    }

    /** Topic → contents: the rest of an opened content's event, sharing a part of its evidence. */
    private void topic(CueTagGraph graph, Evidence opened, Map<Integer, Double> done, Map<Integer, Double> candidates) {
        int[] members = graph.topicOf(opened.content());
        if (members.length <= 1 || settings.topicWeight() == 0) {
            return;
        }
        double share = settings.topicWeight() * opened.score() / members.length;
        for (int member : members) {
            if (member != opened.content() && !done.containsKey(member)) {
                candidates.merge(member, share, Double::sum);
            }
        }
    }

    /** How telling a cue is: the fewer contents it leads to, the more. */
    static double idf(CueTagGraph graph, String cue) {
        return Math.log(1 + (double) graph.contents() / Math.max(1, graph.spread(cue)));
    }

    private static List<String> strongest(Map<String, Double> cues) {
        return cues.entrySet().stream()
                .sorted(Map.Entry.<String, Double>comparingByValue()
                        .reversed()
                        .thenComparing(Map.Entry.comparingByKey()))
                .limit(TRACED)
                .map(Map.Entry::getKey)
                .toList();
    }
}
