package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Answer of {@code POST /v1/memories}: one outcome per episode, in request order, and after a wait for indexing
 * that ran out, the episodes not searchable yet.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AddMemoriesResponse(
        List<EpisodeOutcome> episodes,

        @Schema(
                description = "Only after wait=indexed ran out (202): ids of the episodes stored but not searchable"
                        + " yet; GET /v1/memories/status follows them.")
        List<String> pending) {

    public AddMemoriesResponse(List<EpisodeOutcome> episodes) {
        this(episodes, null);
    }

    public AddMemoriesResponse withPending(List<String> stillPending) {
        return new AddMemoriesResponse(episodes, stillPending.isEmpty() ? null : List.copyOf(stillPending));
    }
}
