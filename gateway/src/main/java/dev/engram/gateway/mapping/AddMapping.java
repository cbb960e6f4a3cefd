package dev.engram.gateway.mapping;

import static dev.engram.gateway.mapping.JsonValues.orEmpty;

import dev.engram.gateway.client.DownstreamProtocolException;
import dev.engram.gateway.model.AddMemoriesRequest;
import dev.engram.gateway.model.AddMemoriesResponse;
import dev.engram.gateway.model.EpisodeInput;
import dev.engram.gateway.model.EpisodeOutcome;
import dev.engram.proto.v1.AddEpisodesRequest;
import dev.engram.proto.v1.AddEpisodesResponse;
import dev.engram.proto.v1.NewEpisode;
import dev.engram.proto.v1.Scope;
import java.util.List;

/** Maps {@code POST /v1/memories} to {@code IngestService.AddEpisodes} and back; what is left out stays unset. */
public final class AddMapping {

    private AddMapping() {}

    public static AddEpisodesRequest toProto(String project, AddMemoriesRequest request) {
        AddEpisodesRequest.Builder proto = AddEpisodesRequest.newBuilder()
                .setScope(Scope.newBuilder()
                        .setProject(project)
                        .setUserId(orEmpty(request.userId()))
                        .setAgentId(orEmpty(request.agentId()))
                        .setSessionId(orEmpty(request.sessionId())));
        if (request.episodes() != null) {
            // A null episode (reported by the validator) keeps its place, so that the others keep their index.
            request.episodes()
                    .forEach(episode ->
                            proto.addEpisodes(episode == null ? NewEpisode.getDefaultInstance() : toProto(episode)));
        }
        return proto.build();
    }

    private static NewEpisode toProto(EpisodeInput episode) {
        NewEpisode.Builder proto = NewEpisode.newBuilder()
                .setId(orEmpty(episode.id()))
                .setProducer(orEmpty(episode.producer()))
                .setProducedFor(orEmpty(episode.producedFor()))
                .setRole(orEmpty(episode.role()))
                .setContent(orEmpty(episode.content()))
                .putAllMetadata(JsonValues.withoutNulls(episode.metadata()));
        Timestamps.toProto(episode.timestamp()).ifPresent(proto::setTimestamp);
        return proto.build();
    }

    public static AddMemoriesResponse fromProto(AddEpisodesResponse response, int requested) {
        if (response.getOutcomesCount() != requested) {
            throw new DownstreamProtocolException("ingest-service answered " + response.getOutcomesCount()
                    + " outcomes for " + requested + " episodes");
        }
        List<EpisodeOutcome> outcomes = response.getOutcomesList().stream()
                .map(outcome -> new EpisodeOutcome(
                        outcome.getId(),
                        switch (outcome.getStatus()) {
                            case ADD_STATUS_CREATED -> EpisodeOutcome.CREATED;
                            case ADD_STATUS_DUPLICATE -> EpisodeOutcome.DUPLICATE;
                            default ->
                                throw new DownstreamProtocolException(
                                        "ingest-service answered status " + outcome.getStatus());
                        }))
                .toList();
        return new AddMemoriesResponse(outcomes);
    }
}
