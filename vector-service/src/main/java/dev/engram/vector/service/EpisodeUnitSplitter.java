package dev.engram.vector.service;

import dev.engram.vector.model.SourceEpisode;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * Decides which units of an episode are indexed. For now the whole episode is one unit; the speaker is
 * part of its text because questions name people ("what did Caroline adopt?").
 */
@ApplicationScoped
public class EpisodeUnitSplitter {

    /** A unit's text and its id, unique within the episode. */
    public record UnitText(String unitId, String text) {}

    public List<UnitText> split(SourceEpisode episode) {
        String text = episode.producer().isEmpty() ? episode.content() : episode.producer() + ": " + episode.content();
        return List.of(new UnitText(unitId(episode.episodeId(), 0), text));
    }

    private static String unitId(String episodeId, int ordinal) {
        return episodeId + "#" + ordinal;
    }
}
