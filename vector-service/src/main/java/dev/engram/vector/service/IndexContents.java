package dev.engram.vector.service;

import dev.engram.vector.graph.UserGraphs;
import dev.engram.vector.model.UnitCounts;
import dev.engram.vector.model.UnitSelection;
import dev.engram.vector.segtree.UserTrees;
import dev.engram.vector.store.VectorStore;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * What the index holds for a user: removing units when their episodes, a session or the user are
 * deleted, and counting what is left. Blocking: store I/O.
 */
@ApplicationScoped
public class IndexContents {

    private final VectorStore store;
    private final Timer deleteTimer;
    private final UserGraphs graphs;
    private final UserTrees trees;

    IndexContents(VectorStore store, UserGraphs graphs, UserTrees trees, MeterRegistry registry) {
        this.store = store;
        this.graphs = graphs;
        this.trees = trees;
        this.deleteTimer = Timer.builder("engram.vector.delete")
                .description("Time to durably remove the units of episodes, a session or a user")
                .register(registry);
    }

    /** Removes the selected units; durable, and gone from every later search, when it returns. */
    public void delete(UnitSelection selection) {
        deleteTimer.record(() -> {
            store.delete(selection);
            graphs.removed(selection.project(), selection.userId());
            if (selection.episodeIds().isEmpty()) {
                trees.removed(selection.project(), selection.userId(), selection.sessionId());
            } else {
                trees.removedEpisodes(selection.project(), selection.userId(), selection.episodeIds());
            }
        });
    }

    public UnitCounts count(String project, String userId) {
        return store.count(project, userId);
    }
}
