package dev.engram.vector.mapping;

import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.VectorCountResponse;
import dev.engram.proto.v1.VectorDeleteRequest;
import dev.engram.vector.model.UnitCounts;
import dev.engram.vector.model.UnitSelection;
import java.util.Set;

/** Maps Delete and Count requests to the index's terms, and counts back. */
public final class ContentsMapper {

    private ContentsMapper() {}

    /** The listed episodes, else the scope's session, else the whole user (see {@link UnitSelection}). */
    public static UnitSelection selection(VectorDeleteRequest request) {
        Scope scope = request.getScope();
        return new UnitSelection(
                scope.getProject(), scope.getUserId(), scope.getSessionId(), Set.copyOf(request.getEpisodeIdsList()));
    }

    public static VectorCountResponse response(UnitCounts counts) {
        return VectorCountResponse.newBuilder()
                .setEpisodes(counts.episodes())
                .setTurnUnits(counts.turnUnits())
                .setUnits(counts.units())
                .setFacts(counts.facts())
                .build();
    }
}
