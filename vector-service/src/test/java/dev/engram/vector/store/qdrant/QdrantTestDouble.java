package dev.engram.vector.store.qdrant;

import com.google.protobuf.Message;
import io.grpc.BindableService;
import io.grpc.Context;
import io.grpc.Deadline;
import io.grpc.ForwardingServerCallListener.SimpleForwardingServerCallListener;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerMethodDefinition;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.stub.StreamObserver;
import io.qdrant.client.grpc.Collections.CollectionExists;
import io.qdrant.client.grpc.Collections.CollectionExistsRequest;
import io.qdrant.client.grpc.Collections.CollectionExistsResponse;
import io.qdrant.client.grpc.Collections.CollectionOperationResponse;
import io.qdrant.client.grpc.Collections.CreateCollection;
import io.qdrant.client.grpc.CollectionsGrpc;
import io.qdrant.client.grpc.Points.BatchResult;
import io.qdrant.client.grpc.Points.CountPoints;
import io.qdrant.client.grpc.Points.CountResponse;
import io.qdrant.client.grpc.Points.CountResult;
import io.qdrant.client.grpc.Points.CreateFieldIndexCollection;
import io.qdrant.client.grpc.Points.DeletePoints;
import io.qdrant.client.grpc.Points.FacetCounts;
import io.qdrant.client.grpc.Points.FacetResponse;
import io.qdrant.client.grpc.Points.PointsOperationResponse;
import io.qdrant.client.grpc.Points.QueryBatchPoints;
import io.qdrant.client.grpc.Points.QueryBatchResponse;
import io.qdrant.client.grpc.Points.ScrollPoints;
import io.qdrant.client.grpc.Points.ScrollResponse;
import io.qdrant.client.grpc.Points.UpdateBatchPoints;
import io.qdrant.client.grpc.Points.UpdateBatchResponse;
import io.qdrant.client.grpc.Points.UpdateResult;
import io.qdrant.client.grpc.Points.UpdateStatus;
import io.qdrant.client.grpc.PointsGrpc;
import io.qdrant.client.grpc.QdrantGrpc;
import io.qdrant.client.grpc.QdrantOuterClass.HealthCheckReply;
import io.qdrant.client.grpc.QdrantOuterClass.HealthCheckRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * An in-process stand-in for Qdrant's gRPC API, built on the service bases generated in the official
 * client, for checking how the store maps its work onto Qdrant requests. It is NOT Qdrant: it records
 * every request (with its deadline and headers) and answers in Qdrant's response shapes, but it stores no
 * points, evaluates no filter and ranks nothing. Query, scroll, count and facet answers are whatever a
 * test scripts (nothing found, unless scripted).
 */
final class QdrantTestDouble implements AutoCloseable {

    static final Metadata.Key<String> API_KEY = Metadata.Key.of("api-key", Metadata.ASCII_STRING_MARSHALLER);

    /** One call as the double received it. */
    record Call(String method, Message request, Long deadlineMillis, String apiKey) {}

    private final String name = "qdrant-double-" + UUID.randomUUID();
    private final List<Call> calls = new CopyOnWriteArrayList<>();
    private final Set<String> collections = ConcurrentHashMap.newKeySet();
    private final Deque<QueryBatchResponse> queryAnswers = new ArrayDeque<>();
    private final Deque<ScrollResponse> scrollAnswers = new ArrayDeque<>();
    private final Deque<CountResponse> countAnswers = new ArrayDeque<>();
    private final Deque<FacetResponse> facetAnswers = new ArrayDeque<>();
    private final Deque<Status> failures = new ArrayDeque<>();
    private final Server server;

    QdrantTestDouble() {
        try {
            server = InProcessServerBuilder.forName(name)
                    .directExecutor()
                    .addService(recorded(new CollectionsDouble()))
                    .addService(recorded(new PointsDouble()))
                    .addService(recorded(new HealthDouble()))
                    .build()
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    ManagedChannel channel() {
        return InProcessChannelBuilder.forName(name).directExecutor().build();
    }

    void addCollection(String collection) {
        collections.add(collection);
    }

    synchronized void answerQuery(QueryBatchResponse response) {
        queryAnswers.add(response);
    }

    synchronized void answerScroll(ScrollResponse response) {
        scrollAnswers.add(response);
    }

    /** Answers the next count with {@code count} points, whatever its filter. */
    synchronized void answerCount(long count) {
        countAnswers.add(CountResponse.newBuilder()
                .setResult(CountResult.newBuilder().setCount(count))
                .build());
    }

    synchronized void answerFacet(FacetResponse response) {
        facetAnswers.add(response);
    }

    /** The next {@code times} calls, whatever they are, fail with {@code status}. */
    synchronized void failNext(Status status, int times) {
        for (int i = 0; i < times; i++) {
            failures.add(status);
        }
    }

    List<Call> calls() {
        return List.copyOf(calls);
    }

    /** The requests of one method (its gRPC name, e.g. {@code UpdateBatch}), in order. */
    <T extends Message> List<T> requests(String method, Class<T> type) {
        return calls.stream()
                .filter(call -> call.method().equals(method))
                .map(call -> type.cast(call.request()))
                .toList();
    }

    @Override
    public void close() throws InterruptedException {
        server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }

    private synchronized Status nextFailure() {
        return failures.poll();
    }

    private synchronized <T> T next(Deque<T> answers, T otherwise) {
        T answer = answers.poll();
        return answer == null ? otherwise : answer;
    }

    private static <T> void reply(StreamObserver<T> observer, T response) {
        observer.onNext(response);
        observer.onCompleted();
    }

    private static UpdateResult completed() {
        return UpdateResult.newBuilder().setStatus(UpdateStatus.Completed).build();
    }

    /**
     * The service with every method wrapped to record its request, deadline and API key, and to fail when a
     * failure is scripted. (A plain wrapper rather than a gRPC ServerInterceptor, which Quarkus would take
     * for an interceptor of the application under test.)
     */
    private ServerServiceDefinition recorded(BindableService service) {
        ServerServiceDefinition definition = service.bindService();
        ServerServiceDefinition.Builder recorded = ServerServiceDefinition.builder(definition.getServiceDescriptor());
        definition.getMethods().forEach(method -> recorded.addMethod(recorded(method)));
        return recorded.build();
    }

    private <Q, A> ServerMethodDefinition<Q, A> recorded(ServerMethodDefinition<Q, A> method) {
        ServerCallHandler<Q, A> handler = method.getServerCallHandler();
        return method.withServerCallHandler((call, headers) -> {
            Status failure = nextFailure();
            String name = call.getMethodDescriptor().getBareMethodName();
            Deadline deadline = Context.current().getDeadline();
            Long remaining = deadline == null ? null : deadline.timeRemaining(TimeUnit.MILLISECONDS);
            String apiKey = headers.get(API_KEY);
            if (failure != null) {
                // Nothing else asks for the request message of a call that is failed here.
                call.request(1);
                return new ServerCall.Listener<>() {
                    @Override
                    public void onMessage(Q message) {
                        calls.add(new Call(name, (Message) message, remaining, apiKey));
                        call.close(failure, new Metadata());
                    }
                };
            }
            return new SimpleForwardingServerCallListener<>(handler.startCall(call, headers)) {
                @Override
                public void onMessage(Q message) {
                    calls.add(new Call(name, (Message) message, remaining, apiKey));
                    super.onMessage(message);
                }
            };
        });
    }

    private final class CollectionsDouble extends CollectionsGrpc.CollectionsImplBase {
        @Override
        public void collectionExists(
                CollectionExistsRequest request, StreamObserver<CollectionExistsResponse> observer) {
            boolean exists = collections.contains(request.getCollectionName());
            reply(
                    observer,
                    CollectionExistsResponse.newBuilder()
                            .setResult(CollectionExists.newBuilder().setExists(exists))
                            .build());
        }

        @Override
        public void create(CreateCollection request, StreamObserver<CollectionOperationResponse> observer) {
            if (!collections.add(request.getCollectionName())) {
                observer.onError(Status.ALREADY_EXISTS.asRuntimeException());
                return;
            }
            reply(
                    observer,
                    CollectionOperationResponse.newBuilder().setResult(true).build());
        }
    }

    private final class PointsDouble extends PointsGrpc.PointsImplBase {
        @Override
        public void createFieldIndex(
                CreateFieldIndexCollection request, StreamObserver<PointsOperationResponse> observer) {
            reply(
                    observer,
                    PointsOperationResponse.newBuilder().setResult(completed()).build());
        }

        @Override
        public void updateBatch(UpdateBatchPoints request, StreamObserver<UpdateBatchResponse> observer) {
            UpdateBatchResponse.Builder response = UpdateBatchResponse.newBuilder();
            request.getOperationsList().forEach(operation -> response.addResult(completed()));
            reply(observer, response.build());
        }

        @Override
        public void delete(DeletePoints request, StreamObserver<PointsOperationResponse> observer) {
            reply(
                    observer,
                    PointsOperationResponse.newBuilder().setResult(completed()).build());
        }

        @Override
        public void queryBatch(QueryBatchPoints request, StreamObserver<QueryBatchResponse> observer) {
            QueryBatchResponse.Builder empty = QueryBatchResponse.newBuilder();
            request.getQueryPointsList().forEach(query -> empty.addResult(BatchResult.getDefaultInstance()));
            reply(observer, next(queryAnswers, empty.build()));
        }

        @Override
        public void scroll(ScrollPoints request, StreamObserver<ScrollResponse> observer) {
            reply(observer, next(scrollAnswers, ScrollResponse.getDefaultInstance()));
        }

        @Override
        public void count(CountPoints request, StreamObserver<CountResponse> observer) {
            reply(observer, next(countAnswers, CountResponse.getDefaultInstance()));
        }

        @Override
        public void facet(FacetCounts request, StreamObserver<FacetResponse> observer) {
            reply(observer, next(facetAnswers, FacetResponse.getDefaultInstance()));
        }
    }

    private static final class HealthDouble extends QdrantGrpc.QdrantImplBase {
        @Override
        public void healthCheck(HealthCheckRequest request, StreamObserver<HealthCheckReply> observer) {
            reply(
                    observer,
                    HealthCheckReply.newBuilder().setTitle("qdrant test double").build());
        }
    }
}
