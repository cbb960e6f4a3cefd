package dev.engram.vector.graph;

import dev.engram.vector.facts.Fact;
import dev.engram.vector.reconstruct.CueTagGraph;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The graphs of recently searched users, kept in memory. The facts are durable in the store; a user's graph
 * is built from them at the user's first graph search and then kept up to date by every write: indexed
 * episodes replace their facts in it, deletions drop it. A write that meets a graph being built waits for
 * it, so no write is lost between the store and the graph. When more users are held than allowed, one is
 * let go and rebuilt from the store when next searched.
 */
public final class UserGraphs {

    private record Key(String project, String userId) {}

    /** A user's facts and their graph; the cue-tag graph over them is built at its first use. */
    private static final class Held {
        private final List<Fact> facts;
        private final FactGraph graph;
        private volatile CueTagGraph cues;

        Held(List<Fact> facts, FactGraph graph) {
            this.facts = facts;
            this.graph = graph;
        }

        List<Fact> facts() {
            return facts;
        }

        FactGraph graph() {
            return graph;
        }

        CueTagGraph cues() {
            CueTagGraph built = cues;
            if (built == null) {
                synchronized (this) {
                    built = cues;
                    if (built == null) {
                        built = CueTagGraph.of(graph);
                        cues = built;
                    }
                }
            }
            return built;
        }
    }

    private final ConcurrentHashMap<Key, Held> held = new ConcurrentHashMap<>();
    private final GraphSettings settings;
    private final int maxUsers;

    public UserGraphs(GraphSettings settings, int maxUsers) {
        this.settings = settings;
        this.maxUsers = maxUsers;
    }

    /** The user's graph, built from {@code facts} when it is not held. */
    public FactGraph graph(String project, String userId, Supplier<List<Fact>> facts) {
        return held(project, userId, facts).graph();
    }

    /**
     * The user's cue-tag graph over the facts graph {@link #graph} answers; built from it at its first use, and
     * replaced with it by every write.
     */
    public CueTagGraph cueGraph(String project, String userId, Supplier<List<Fact>> facts) {
        return held(project, userId, facts).cues();
    }

    private Held held(String project, String userId, Supplier<List<Fact>> facts) {
        Held graph = held.computeIfAbsent(new Key(project, userId), key -> {
            List<Fact> all = facts.get();
            return new Held(all, FactGraph.of(all, settings));
        });
        while (held.size() > maxUsers) {
            held.keySet().stream().findFirst().ifPresent(held::remove);
        }
        return graph;
    }

    /** The given episodes of the user were indexed (again) with {@code facts}; call after the store has them. */
    public void indexed(String project, String userId, Collection<String> episodeIds, List<Fact> facts) {
        held.computeIfPresent(new Key(project, userId), (key, graph) -> {
            Set<String> replaced = new HashSet<>(episodeIds);
            List<Fact> kept = new ArrayList<>(graph.facts().size() + facts.size());
            graph.facts().stream()
                    .filter(fact -> !replaced.contains(fact.episodeId()))
                    .forEach(kept::add);
            kept.addAll(facts);
            return new Held(kept, FactGraph.of(kept, settings));
        });
    }

    /** Some of the user's facts were removed; call after the store has removed them. */
    public void removed(String project, String userId) {
        held.remove(new Key(project, userId));
    }
}
