package dev.engram.vector.mapping;

import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.VectorCountRequest;
import dev.engram.proto.v1.VectorCountResponse;
import dev.engram.proto.v1.VectorDeleteRequest;
import dev.engram.vector.model.UnitCounts;
import dev.engram.vector.model.UnitSelection;
import java.util.Set;

/** Validates Delete and Count requests and maps them to the index's terms, and counts back. */
public final class ContentsMapper {

    private ContentsMapper() {}

    /** The listed episodes, else the scope's session, else the whole user (see {@link UnitSelection}). */
    public static UnitSelection selection(VectorDeleteRequest request) {
        Scope scope = requireUser(request.getScope());
        for (int i = 0; i < request.getEpisodeIdsCount(); i++) {
            EpisodeMapper.requireText(request.getEpisodeIds(i), "episode_ids[" + i + "]");
        }
        return new UnitSelection(
                scope.getProject(), scope.getUserId(), scope.getSessionId(), Set.copyOf(request.getEpisodeIdsList()));
    }

    public static Scope scope(VectorCountRequest request) {
        return requireUser(request.getScope());
    }

    public static VectorCountResponse response(UnitCounts counts) {
        return VectorCountResponse.newBuilder()
                .setEpisodes(counts.episodes())
                .setTurnUnits(counts.turnUnits())
                .setUnits(counts.units())
                .build();
    }

    private static Scope requireUser(Scope scope) {
        EpisodeMapper.requireText(scope.getProject(), "scope.project");
        EpisodeMapper.requireText(scope.getUserId(), "scope.user_id");
        return scope;
    }
}
