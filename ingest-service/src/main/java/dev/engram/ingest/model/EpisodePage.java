package dev.engram.ingest.model;

import java.util.List;

/** A page of a user's episodes in session order; {@code next} is null on the last page. */
public record EpisodePage(List<StoredEpisode> episodes, ListPosition next) {

    public EpisodePage {
        episodes = List.copyOf(episodes);
    }
}
