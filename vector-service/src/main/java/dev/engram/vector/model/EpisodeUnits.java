package dev.engram.vector.model;

import dev.engram.vector.facts.Fact;
import java.util.List;

/**
 * An episode with all of its units and the facts derived from them: indexing it replaces whatever units and
 * facts the episode had before.
 */
public record EpisodeUnits(SourceEpisode episode, List<IndexUnit> units, List<Fact> facts) {

    public EpisodeUnits {
        units = List.copyOf(units);
        facts = List.copyOf(facts);
    }

    /** An episode indexed without facts. */
    public EpisodeUnits(SourceEpisode episode, List<IndexUnit> units) {
        this(episode, units, List.of());
    }
}
