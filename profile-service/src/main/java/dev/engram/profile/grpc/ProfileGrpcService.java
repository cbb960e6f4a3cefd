package dev.engram.profile.grpc;

import dev.engram.proto.v1.GetProfileRequest;
import dev.engram.proto.v1.GetProfileResponse;
import dev.engram.proto.v1.ObserveRequest;
import dev.engram.proto.v1.ObserveResponse;
import dev.engram.proto.v1.ProfileService;
import io.grpc.Status;
import io.quarkus.grpc.GrpcService;
import io.smallrye.mutiny.Uni;

/**
 * The profile contract is served so that callers can depend on it now; profile extraction and
 * reads arrive in a later version, and until then both calls say so instead of returning
 * empty profiles that would look like real answers.
 */
@GrpcService
public class ProfileGrpcService implements ProfileService {

    static final String NOT_YET = "profile memory arrives in a later version of Engram";

    @Override
    public Uni<ObserveResponse> observe(ObserveRequest request) {
        return unimplemented("Observe");
    }

    @Override
    public Uni<GetProfileResponse> getProfile(GetProfileRequest request) {
        return unimplemented("GetProfile");
    }

    private static <T> Uni<T> unimplemented(String method) {
        return Uni.createFrom()
                .failure(Status.UNIMPLEMENTED
                        .withDescription(method + ": " + NOT_YET)
                        .asRuntimeException());
    }
}
