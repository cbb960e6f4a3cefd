package dev.engram.gateway.client;

import dev.engram.gateway.config.GatewayConfig;
import dev.engram.proto.v1.DeleteEntryRequest;
import dev.engram.proto.v1.DeleteEntryResponse;
import dev.engram.proto.v1.GetHistoryRequest;
import dev.engram.proto.v1.GetHistoryResponse;
import dev.engram.proto.v1.GetProfileRequest;
import dev.engram.proto.v1.GetProfileResponse;
import dev.engram.proto.v1.MutinyProfileServiceGrpc.MutinyProfileServiceStub;
import dev.engram.proto.v1.PutEntryRequest;
import dev.engram.proto.v1.PutEntryResponse;
import io.quarkus.grpc.GrpcClient;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** The gateway's only way to profile-service. */
@ApplicationScoped
public class ProfileClient {

    private final MutinyProfileServiceStub stub;
    private final GatewayConfig.Profile config;

    public ProfileClient(@GrpcClient("profile") MutinyProfileServiceStub stub, GatewayConfig config) {
        this.stub = stub;
        this.config = config.profile();
    }

    public Uni<GetProfileResponse> getProfile(GetProfileRequest request) {
        return Retries.retryWhenUnavailable(
                () -> within(config.readDeadline()).getProfile(request), config.readRetries());
    }

    /** The profile part of a search: one attempt within its own, short deadline, so the search is not held up. */
    public Uni<GetProfileResponse> getProfileForSearch(GetProfileRequest request) {
        return Uni.createFrom().deferred(() -> within(config.searchDeadline()).getProfile(request));
    }

    public Uni<GetHistoryResponse> getHistory(GetHistoryRequest request) {
        return Retries.retryWhenUnavailable(
                () -> within(config.readDeadline()).getHistory(request), config.readRetries());
    }

    /** Never retried: see {@link GatewayConfig.Profile#writeDeadline()}. */
    public Uni<PutEntryResponse> putEntry(PutEntryRequest request) {
        return Uni.createFrom().deferred(() -> within(config.writeDeadline()).putEntry(request));
    }

    /** Never retried: a repeat of a delete whose answer was lost would report the entry as not found. */
    public Uni<DeleteEntryResponse> deleteEntry(DeleteEntryRequest request) {
        return Uni.createFrom().deferred(() -> within(config.writeDeadline()).deleteEntry(request));
    }

    private MutinyProfileServiceStub within(Duration deadline) {
        return stub.withDeadlineAfter(deadline.toMillis(), TimeUnit.MILLISECONDS);
    }
}
