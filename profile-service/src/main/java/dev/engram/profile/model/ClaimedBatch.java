package dev.engram.profile.model;

import java.util.List;

/**
 * A user's waiting episodes, claimed by one worker under {@code token}, in conversation order. Only
 * the holder of the token may record the batch as extracted.
 */
public record ClaimedBatch(String project, String userId, String token, List<ObservedEpisode> episodes) {

    public List<Long> ids() {
        return episodes.stream().map(episode -> episode.id).toList();
    }

    public List<String> episodeIds() {
        return episodes.stream().map(episode -> episode.episodeId).toList();
    }
}
