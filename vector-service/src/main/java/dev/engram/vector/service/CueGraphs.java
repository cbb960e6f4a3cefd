package dev.engram.vector.service;

import dev.engram.vector.graph.UserGraphs;
import dev.engram.vector.model.UnitFilter;
import dev.engram.vector.model.UnitHit;
import dev.engram.vector.model.UnitQuery;
import dev.engram.vector.reconstruct.CueTagGraph;
import dev.engram.vector.store.VectorStore;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;

/**
 * What both navigators of a reconstruction start from: the user's cue-tag-content graph, and, when a question names
 * none of its cues, the contents a search over the facts hits. Blocking: store reads.
 */
@ApplicationScoped
class CueGraphs {

    private final VectorStore store;
    private final QueryEmbeddings embeddings;
    private final UserGraphs graphs;

    CueGraphs(VectorStore store, QueryEmbeddings embeddings, UserGraphs graphs) {
        this.store = store;
        this.embeddings = embeddings;
        this.graphs = graphs;
    }

    /** The filter's user's graph, built from the stored facts when it is not held. */
    CueTagGraph of(UnitFilter filter) {
        return graphs.cueGraph(filter.project(), filter.userId(), () -> store.facts(filter.project(), filter.userId()));
    }

    /** The contents of the facts a search for the query hits within the filter, best first, each once. */
    List<Integer> searched(CueTagGraph graph, UnitFilter filter, String query, int limit) {
        List<UnitHit> hits = store.searchFacts(new UnitQuery(query, embeddings.embed(query), filter, limit));
        List<Integer> found = new ArrayList<>(hits.size());
        for (UnitHit hit : hits) {
            int content = graph.content(hit.unitId());
            if (content >= 0 && !found.contains(content)) {
                found.add(content);
            }
        }
        return found;
    }
}
