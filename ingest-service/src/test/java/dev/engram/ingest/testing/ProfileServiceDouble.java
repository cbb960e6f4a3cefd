package dev.engram.ingest.testing;

import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.ForgetEpisodesRequest;
import dev.engram.proto.v1.ForgetEpisodesResponse;
import dev.engram.proto.v1.ForgetUserRequest;
import dev.engram.proto.v1.ForgetUserResponse;
import dev.engram.proto.v1.ObserveRequest;
import dev.engram.proto.v1.ObserveResponse;
import dev.engram.proto.v1.ProfileServiceGrpc;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Stands in for profile-service: a plain gRPC server that records every observed episode (repeats
 * included) and every ForgetEpisodes and ForgetUser request it took, and can be switched to answer
 * UNAVAILABLE, like a service that is down.
 */
public class ProfileServiceDouble extends ProfileServiceGrpc.ProfileServiceImplBase {

    private final List<Episode> observed = new CopyOnWriteArrayList<>();
    private final List<ForgetEpisodesRequest> forgottenEpisodes = new CopyOnWriteArrayList<>();
    private final List<ForgetUserRequest> forgottenUsers = new CopyOnWriteArrayList<>();
    private volatile boolean unavailable;
    private LocalGrpcServer server;

    public int start() {
        server = LocalGrpcServer.serve(this);
        return server.port();
    }

    public void stop() throws InterruptedException {
        server.stop();
    }

    public void setUnavailable(boolean unavailable) {
        this.unavailable = unavailable;
    }

    /** Every delivery of the episode with this id. */
    public List<Episode> observed(String episodeId) {
        return observed.stream().filter(e -> e.getId().equals(episodeId)).toList();
    }

    /** The ForgetEpisodes requests taken for the project, in arrival order. */
    public List<ForgetEpisodesRequest> forgottenEpisodes(String project) {
        return forgottenEpisodes.stream()
                .filter(request -> request.getScope().getProject().equals(project))
                .toList();
    }

    /** The ForgetUser requests taken for the project, in arrival order. */
    public List<ForgetUserRequest> forgottenUsers(String project) {
        return forgottenUsers.stream()
                .filter(request -> request.getScope().getProject().equals(project))
                .toList();
    }

    @Override
    public void observe(ObserveRequest request, StreamObserver<ObserveResponse> response) {
        if (refuseWhileDown(response)) {
            return;
        }
        observed.addAll(request.getEpisodesList());
        response.onNext(ObserveResponse.newBuilder()
                .setAccepted(request.getEpisodesCount())
                .build());
        response.onCompleted();
    }

    @Override
    public void forgetEpisodes(ForgetEpisodesRequest request, StreamObserver<ForgetEpisodesResponse> response) {
        if (refuseWhileDown(response)) {
            return;
        }
        forgottenEpisodes.add(request);
        response.onNext(ForgetEpisodesResponse.getDefaultInstance());
        response.onCompleted();
    }

    @Override
    public void forgetUser(ForgetUserRequest request, StreamObserver<ForgetUserResponse> response) {
        if (refuseWhileDown(response)) {
            return;
        }
        forgottenUsers.add(request);
        response.onNext(ForgetUserResponse.getDefaultInstance());
        response.onCompleted();
    }

    private boolean refuseWhileDown(StreamObserver<?> response) {
        if (unavailable) {
            response.onError(
                    Status.UNAVAILABLE.withDescription("profile double is down").asRuntimeException());
        }
        return unavailable;
    }
}
