package dev.engram.vector.service;

import dev.engram.vector.facts.Fact;
import dev.engram.vector.model.UnitFilter;
import dev.engram.vector.model.UnitHit;
import dev.engram.vector.store.VectorStore;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Facts ranked by a graph search, mapped back to the episodes they rest on, within the request's filter. */
final class FactEpisodes {

    /** A fact and the score it was ranked by. */
    record Scored(Fact fact, double score) {}

    private FactEpisodes() {}

    /**
     * The episodes of {@code ranked} (best first), each shown by its best fact, at most {@code limit}. A fact the LLM
     * merged from several turns leads to each of them; a graph may pass through facts the filter excludes, and what
     * it answers may not include them.
     */
    static List<UnitHit> of(List<Scored> ranked, VectorStore store, UnitFilter filter, int limit) {
        Map<String, UnitHit> best = new LinkedHashMap<>();
        for (Scored scored : ranked) {
            Fact fact = scored.fact();
            for (int i = 0; i < fact.evidence().size(); i++) {
                best.putIfAbsent(
                        fact.evidence().get(i),
                        new UnitHit(
                                fact.evidence().get(i),
                                fact.evidenceSessions().get(i),
                                fact.factId(),
                                fact.text(),
                                fact.timestamp(),
                                scored.score()));
            }
        }
        Set<String> allowed = filter.narrows() ? store.allowed(filter, best.keySet()) : best.keySet();
        List<UnitHit> episodes = new ArrayList<>(Math.min(limit, allowed.size()));
        for (UnitHit hit : best.values()) {
            if (episodes.size() == limit) {
                break;
            }
            if (allowed.contains(hit.episodeId())) {
                episodes.add(hit);
            }
        }
        return episodes;
    }
}
