package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Answer of {@code PATCH /v1/memories/episodes/{episode_id}}: the episode as stored now. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record UpdateEpisodeResponse(
        @Schema(
                enumeration = {"updated", "unchanged"},
                description = "unchanged: the episode already read so; nothing was written or indexed again.")
        String status,

        EpisodeView episode,

        @Schema(description = "Only after wait=indexed ran out (202): the episode's id, not searchable again yet.")
        List<String> pending) {

    public static final String UPDATED = "updated";
    public static final String UNCHANGED = "unchanged";

    public UpdateEpisodeResponse withPending(List<String> stillPending) {
        return new UpdateEpisodeResponse(status, episode, stillPending.isEmpty() ? null : List.copyOf(stillPending));
    }
}
