package dev.engram.gateway.mapping;

import static dev.engram.gateway.mapping.JsonValues.orEmpty;

import dev.engram.gateway.model.ShortTermView;
import dev.engram.proto.v1.GetShortTermRequest;
import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.ShortTermMemory;

/** Maps {@code GET /v1/sessions/{session_id}/short-term} to {@code IngestService.GetShortTerm}, and back. */
public final class ShortTermMapping {

    private ShortTermMapping() {}

    public static GetShortTermRequest toProto(String project, String sessionId, String userId, String agentId) {
        return GetShortTermRequest.newBuilder()
                .setScope(Scope.newBuilder()
                        .setProject(project)
                        .setUserId(orEmpty(userId))
                        .setAgentId(orEmpty(agentId))
                        .setSessionId(orEmpty(sessionId)))
                .build();
    }

    /** The memory with its summarized-episode count, as the short-term endpoint shows it. */
    public static ShortTermView fromProto(ShortTermMemory memory) {
        return view(memory, memory.getSummarizedEpisodes());
    }

    /** The memory as a search result shows it: session, summary and episodes. */
    static ShortTermView inSearchResult(ShortTermMemory memory) {
        return view(memory, null);
    }

    private static ShortTermView view(ShortTermMemory memory, Long summarizedEpisodes) {
        return new ShortTermView(
                memory.getSessionId(),
                memory.getSummary(),
                memory.getEpisodesList().stream().map(EpisodeViews::fromProto).toList(),
                summarizedEpisodes);
    }
}
