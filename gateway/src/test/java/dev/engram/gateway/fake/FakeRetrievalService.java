package dev.engram.gateway.fake;

import dev.engram.proto.v1.RetrievalRequest;
import dev.engram.proto.v1.RetrievalResponse;
import dev.engram.proto.v1.RetrievalServiceGrpc;
import io.grpc.Context;
import io.grpc.Deadline;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/** Stands in for retrieval-agent-service: answers a canned response and records every request. */
public class FakeRetrievalService extends RetrievalServiceGrpc.RetrievalServiceImplBase {

    public final List<RetrievalRequest> requests = new CopyOnWriteArrayList<>();
    /** Milliseconds each request's deadline had left on arrival; -1 for a request without one. */
    public final List<Long> deadlinesLeft = new CopyOnWriteArrayList<>();

    private volatile RetrievalResponse answer = RetrievalResponse.getDefaultInstance();
    private volatile StatusRuntimeException failure;

    public void reset() {
        requests.clear();
        deadlinesLeft.clear();
        answer = RetrievalResponse.getDefaultInstance();
        failure = null;
    }

    public void answer(RetrievalResponse answer) {
        this.answer = answer;
    }

    /** Every following call fails with this status. */
    public void failWith(Status failure) {
        this.failure = failure.asRuntimeException();
    }

    /** Every following call fails with this exception, which may carry status details in its trailers. */
    public void failWith(StatusRuntimeException failure) {
        this.failure = failure;
    }

    @Override
    public void search(RetrievalRequest request, StreamObserver<RetrievalResponse> response) {
        requests.add(request);
        Deadline deadline = Context.current().getDeadline();
        deadlinesLeft.add(deadline == null ? -1 : deadline.timeRemaining(TimeUnit.MILLISECONDS));
        if (failure != null) {
            response.onError(failure);
            return;
        }
        response.onNext(answer);
        response.onCompleted();
    }
}
