package dev.engram.gateway.client;

import dev.engram.grpc.call.CallPolicies;
import dev.engram.grpc.call.CallPolicy;
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

/** The gateway's only way to profile-service. Reads are retried when profile-service is unavailable. */
@ApplicationScoped
public class ProfileClient {

    private final MutinyProfileServiceStub stub;
    private final CallPolicy calls;

    public ProfileClient(@GrpcClient("profile") MutinyProfileServiceStub stub, CallPolicies calls) {
        this.stub = stub;
        this.calls = calls.to("profile");
    }

    public Uni<GetProfileResponse> getProfile(GetProfileRequest request) {
        return calls.call("GetProfile", stub, profile -> profile.getProfile(request));
    }

    /**
     * The profile part of a search, named {@code GetProfileForSearch} in settings and metrics: one attempt within
     * its own, short deadline, so the search is not held up; when it fails the search answers without it.
     */
    public Uni<GetProfileResponse> getProfileForSearch(GetProfileRequest request) {
        return calls.callOnce("GetProfileForSearch", stub, profile -> profile.getProfile(request));
    }

    public Uni<GetHistoryResponse> getHistory(GetHistoryRequest request) {
        return calls.call("GetHistory", stub, profile -> profile.getHistory(request));
    }

    /**
     * Never retried: a repeated PUT whose first answer was lost would find its entry already replaced and fail
     * with a conflict.
     */
    public Uni<PutEntryResponse> putEntry(PutEntryRequest request) {
        return calls.callOnce("PutEntry", stub, profile -> profile.putEntry(request));
    }

    /** Never retried: a repeat of a delete whose answer was lost would report the entry as not found. */
    public Uni<DeleteEntryResponse> deleteEntry(DeleteEntryRequest request) {
        return calls.callOnce("DeleteEntry", stub, profile -> profile.deleteEntry(request));
    }
}
