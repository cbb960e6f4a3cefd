package dev.engram.gateway.fake;

import grpc.health.v1.HealthGrpc;
import grpc.health.v1.HealthOuterClass.HealthCheckRequest;
import grpc.health.v1.HealthOuterClass.HealthCheckResponse;
import grpc.health.v1.HealthOuterClass.HealthCheckResponse.ServingStatus;
import io.grpc.stub.StreamObserver;

/** The gRPC health service of the fake services: serving unless told otherwise. */
public class FakeHealthService extends HealthGrpc.HealthImplBase {

    private volatile ServingStatus status = ServingStatus.SERVING;

    public void answer(ServingStatus status) {
        this.status = status;
    }

    @Override
    public void check(HealthCheckRequest request, StreamObserver<HealthCheckResponse> response) {
        response.onNext(HealthCheckResponse.newBuilder().setStatus(status).build());
        response.onCompleted();
    }
}
