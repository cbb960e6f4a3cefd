package dev.engram.vector.model;

import dev.engram.vector.facts.Fact;
import java.util.List;
import java.util.Set;

/**
 * Facts of one user that give way to others in one step: every fact held by the listed episodes and every fact
 * named by id is removed, and the new facts are written.
 *
 * @param episodeIds episodes whose facts are all replaced
 * @param factIds single facts that are replaced, wherever they are held
 */
public record FactReplacement(
        String project, String userId, Set<String> episodeIds, Set<String> factIds, List<WrittenFact> facts) {

    public FactReplacement {
        episodeIds = Set.copyOf(episodeIds);
        factIds = Set.copyOf(factIds);
        facts = List.copyOf(facts);
    }

    /**
     * A fact to write, held by one of its evidence episodes (whose scope and filter fields it takes on) and with
     * the embedding of its own text.
     */
    public record WrittenFact(SourceEpisode holder, Fact fact, float[] vector) {}
}
