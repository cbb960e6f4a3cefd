package dev.engram.ingest.client;

import dev.engram.grpc.call.CallPolicies;
import dev.engram.grpc.call.CallPolicy;
import dev.engram.ingest.mapping.EpisodeMapper;
import dev.engram.ingest.model.StoredEpisode;
import dev.engram.proto.v1.MutinyProfileServiceGrpc.MutinyProfileServiceStub;
import dev.engram.proto.v1.ObserveRequest;
import dev.engram.proto.v1.ObserveResponse;
import io.quarkus.grpc.GrpcClient;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * profile-service's {@code Observe}, under the call policy of the peer {@code profile}
 * ({@code engram.clients.profile.methods.observe.deadline}). It is not retried here: the outbox retries durably
 * with backoff, and Observe is idempotent by episode id.
 */
@ApplicationScoped
public class ProfileObserveClient {

    private final MutinyProfileServiceStub profile;
    private final CallPolicy policy;

    ProfileObserveClient(@GrpcClient("profile") MutinyProfileServiceStub profile, CallPolicies policies) {
        this.profile = profile;
        this.policy = policies.to("profile");
    }

    /** Emits how many of the episodes profile-service had not seen before, once they are queued. */
    public Uni<Integer> observe(List<StoredEpisode> episodes) {
        ObserveRequest request = ObserveRequest.newBuilder()
                .addAllEpisodes(episodes.stream().map(EpisodeMapper::toProto).toList())
                .build();
        return policy.callOnce("observe", profile, stub -> stub.observe(request))
                .map(ObserveResponse::getAccepted);
    }
}
