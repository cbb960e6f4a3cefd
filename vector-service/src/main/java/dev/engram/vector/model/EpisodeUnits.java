package dev.engram.vector.model;

import java.util.List;

/** An episode with all of its units: indexing it replaces whatever units the episode had before. */
public record EpisodeUnits(SourceEpisode episode, List<IndexUnit> units) {

    public EpisodeUnits {
        units = List.copyOf(units);
    }
}
