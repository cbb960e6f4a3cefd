package dev.engram.vector.graph;

import dev.engram.vector.facts.Fact;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * The associative graph of one user's facts, held as the indexes its edges are read from rather than as an
 * edge list: entity edges join the facts of each keyword (a keyword's facts share it), event edges the facts
 * of each event, temporal edges the statements near each other in a session. A keyword held by many facts
 * spreads a step thinly over all of them and weighs less by its inverse document frequency, so words said
 * everywhere link little; a large event spreads a step over more facts likewise. Immutable.
 */
public final class FactGraph {

    private static final Comparator<Fact> SAID_ORDER = Comparator.comparing(
                    Fact::timestamp, Comparator.nullsLast(Comparator.<Instant>naturalOrder()))
            .thenComparing(Fact::episodeId)
            .thenComparingInt(Fact::ordinal);

    private final List<Fact> facts;
    private final Map<String, Integer> index;
    /** Per fact, the keywords that link it to another fact, and the idf of each keyword. */
    private final int[][] keywordsOf;

    private final int[][] postings;
    private final double[] idf;
    private final int[] eventOf;
    private final int[][] events;
    private final int[] sessionOf;
    private final int[] positionOf;
    private final int[][] sessions;

    private FactGraph(List<Fact> facts, GraphSettings settings) {
        this.facts = facts;
        int n = facts.size();
        this.index = new HashMap<>(n * 2);
        for (int i = 0; i < n; i++) {
            index.put(facts.get(i).factId(), i);
        }

        Map<String, List<Integer>> byKeyword = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            for (String keyword : facts.get(i).keywords()) {
                byKeyword.computeIfAbsent(keyword, k -> new ArrayList<>()).add(i);
            }
        }
        // A keyword of one fact links nothing; leaving it out keeps the walk from stepping onto itself.
        List<List<Integer>> linking =
                byKeyword.values().stream().filter(f -> f.size() > 1).toList();
        this.postings = linking.stream().map(FactGraph::toArray).toArray(int[][]::new);
        this.idf = new double[postings.length];
        List<List<Integer>> keywords = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            keywords.add(new ArrayList<>());
        }
        for (int k = 0; k < postings.length; k++) {
            idf[k] = Math.log((n + 1.0) / postings[k].length);
            for (int fact : postings[k]) {
                keywords.get(fact).add(k);
            }
        }
        this.keywordsOf = keywords.stream().map(FactGraph::toArray).toArray(int[][]::new);

        this.eventOf = new int[n];
        this.sessionOf = new int[n];
        this.positionOf = new int[n];
        List<int[]> sessionList = new ArrayList<>();
        List<int[]> eventList = new ArrayList<>();
        int[] order = IntStream.range(0, n)
                .boxed()
                .sorted(Comparator.comparing((Integer i) -> facts.get(i).sessionId())
                        .thenComparing(i -> facts.get(i), SAID_ORDER))
                .mapToInt(Integer::intValue)
                .toArray();
        for (int start = 0; start < n; ) {
            String session = facts.get(order[start]).sessionId();
            int end = start;
            while (end < n && facts.get(order[end]).sessionId().equals(session)) {
                end++;
            }
            int[] members = Arrays.copyOfRange(order, start, end);
            List<Fact> said = Arrays.stream(members).mapToObj(facts::get).toList();
            int[] eventIds = EventGrouping.group(said, eventList.size(), settings.eventMaxFacts());
            for (int p = 0; p < members.length; p++) {
                sessionOf[members[p]] = sessionList.size();
                positionOf[members[p]] = p;
                eventOf[members[p]] = eventIds[p];
            }
            for (int from = 0; from < members.length; ) {
                int to = from;
                while (to < members.length && eventIds[to] == eventIds[from]) {
                    to++;
                }
                eventList.add(Arrays.copyOfRange(members, from, to));
                from = to;
            }
            sessionList.add(members);
            start = end;
        }
        this.sessions = sessionList.toArray(int[][]::new);
        this.events = eventList.toArray(int[][]::new);
    }

    /** The graph of the given facts; a fact id given twice keeps its last occurrence. */
    public static FactGraph of(List<Fact> facts, GraphSettings settings) {
        Map<String, Fact> distinct = new LinkedHashMap<>();
        facts.forEach(fact -> distinct.put(fact.factId(), fact));
        return new FactGraph(List.copyOf(distinct.values()), settings);
    }

    public int size() {
        return facts.size();
    }

    public Fact fact(int node) {
        return facts.get(node);
    }

    /** The node of a fact, or -1 when the graph does not hold it. */
    public int node(String factId) {
        return index.getOrDefault(factId, -1);
    }

    public List<Fact> facts() {
        return facts;
    }

    int[] keywordsOf(int node) {
        return keywordsOf[node];
    }

    int[] posting(int keyword) {
        return postings[keyword];
    }

    double idf(int keyword) {
        return idf[keyword];
    }

    int keywordCount() {
        return postings.length;
    }

    /** The facts of the node's event, the node included, in the order they were said. */
    public int[] event(int node) {
        return events[eventOf[node]];
    }

    /** The node's session in the order its facts were said, and the node's place in it. */
    int[] session(int node) {
        return sessions[sessionOf[node]];
    }

    int position(int node) {
        return positionOf[node];
    }

    private static int[] toArray(List<Integer> values) {
        return values.stream().mapToInt(Integer::intValue).toArray();
    }
}
