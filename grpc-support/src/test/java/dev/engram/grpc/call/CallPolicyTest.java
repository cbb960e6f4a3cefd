package dev.engram.grpc.call;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.google.protobuf.Any;
import com.google.rpc.BadRequest;
import com.google.rpc.Code;
import io.grpc.Context;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class CallPolicyTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private EchoPeer back;
    private EchoPeer front;

    @AfterEach
    void close() throws InterruptedException {
        for (EchoPeer peer : new EchoPeer[] {front, back}) {
            if (peer != null) {
                peer.close();
            }
        }
    }

    @Test
    void a_call_made_for_a_caller_with_300_ms_left_has_at_most_300_ms_though_5_s_are_configured() throws Exception {
        back = new EchoPeer("back-300", text -> text);
        CallPolicy policy = Policies.to("back", Map.of("engram.clients.back.deadline", "5s"), registry);
        front = new EchoPeer(
                "front-300",
                text -> policy.call("Echo", back.stub(), stub -> stub.echo(text))
                        .await()
                        .indefinitely());

        String answer = front.stub()
                .withDeadlineAfter(300, TimeUnit.MILLISECONDS)
                .echo("hello")
                .await()
                .indefinitely();

        assertThat(answer).isEqualTo("hello");
        assertThat(back.arrivals())
                .singleElement()
                .satisfies(left -> assertThat(left).isBetween(0L, 300L));
    }

    @Test
    void a_call_made_for_no_caller_has_its_configured_deadline() throws Exception {
        back = new EchoPeer("back-alone", text -> text);
        CallPolicy policy = Policies.to(
                "back",
                Map.of("engram.clients.back.deadline", "5s", "engram.clients.back.methods.echo.deadline", "2s"),
                registry);

        policy.call("Echo", back.stub(), stub -> stub.echo("hi")).await().indefinitely();

        assertThat(back.arrivals())
                .singleElement()
                .satisfies(left -> assertThat(left).isBetween(1_000L, 2_000L));
    }

    /** A peer briefly away, and a connection closed under the call by a GOAWAY (which gRPC reports as INTERNAL). */
    static Stream<Status> passingFailures() {
        return Stream.of(
                Status.UNAVAILABLE.withDescription("restarting"),
                Status.INTERNAL.withDescription(
                        "Connection closed after GOAWAY. HTTP/2 error code: PROTOCOL_ERROR, debug data: Request stream 9"));
    }

    @ParameterizedTest
    @MethodSource("passingFailures")
    void a_call_that_failed_for_a_reason_that_passes_is_asked_again(Status failure) throws Exception {
        AtomicInteger failures = new AtomicInteger(1);
        back = new EchoPeer("back-once", text -> {
            if (failures.getAndDecrement() > 0) {
                throw failure.asRuntimeException();
            }
            return text;
        });
        CallPolicy policy = Policies.to("back", Map.of(), registry);

        String answer = policy.call("Echo", back.stub(), stub -> stub.echo("hi"))
                .await()
                .indefinitely();

        assertThat(answer).isEqualTo("hi");
        assertThat(back.calls()).isEqualTo(2);
        assertThat(registry.counter("engram.client.retries", "peer", "back", "method", "Echo")
                        .count())
                .isEqualTo(1);
        assertThat(CallFailure.isTransient(failure.asRuntimeException())).isTrue();
    }

    @Test
    void an_internal_failure_of_the_peer_is_not_transient() {
        assertThat(CallFailure.isTransient(
                        Status.INTERNAL.withDescription("boom").asRuntimeException()))
                .isFalse();
    }

    @Test
    void retries_back_off_and_stop_before_the_deadline() throws Exception {
        back = new EchoPeer("back-down", text -> {
            throw Status.UNAVAILABLE.withDescription("down").asRuntimeException();
        });
        CallPolicy policy = Policies.to(
                "back",
                Map.of(
                        "engram.clients.back.deadline", "400ms",
                        "engram.clients.back.retries", "100",
                        "engram.clients.back.backoff-initial", "20ms",
                        "engram.clients.back.backoff-max", "80ms"),
                registry);

        long started = System.nanoTime();
        CallFailure failure = catchThrowableOfType(
                CallFailure.class,
                () -> policy.call("Echo", back.stub(), stub -> stub.echo("hi"))
                        .await()
                        .indefinitely());
        long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);

        assertThat(failure.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
        // The call ends at the deadline, give or take scheduling on a busy machine; a policy that
        // ignored the deadline would spend 100 pauses of up to 80 ms, several seconds.
        assertThat(tookMillis).as("no retry waits past the deadline").isLessThan(400 + 250);
        // Pauses of 10-20, 20-40, 40-80 and then 40-80 ms fit 4 to 9 retries into 400 ms, not 100.
        assertThat(back.calls()).isBetween(4, 11);
        assertThat(back.arrivals()).allSatisfy(left -> assertThat(left).isLessThanOrEqualTo(400));
    }

    @Test
    void a_refused_call_is_not_repeated_and_keeps_the_peers_answer() throws Exception {
        com.google.rpc.Status invalid = com.google.rpc.Status.newBuilder()
                .setCode(Code.INVALID_ARGUMENT_VALUE)
                .setMessage("query: is required")
                .addDetails(Any.pack(BadRequest.newBuilder()
                        .addFieldViolations(BadRequest.FieldViolation.newBuilder()
                                .setField("query")
                                .setDescription("is required"))
                        .build()))
                .build();
        back = new EchoPeer("back-invalid", text -> {
            throw StatusProto.toStatusRuntimeException(invalid);
        });
        CallPolicy policy = Policies.to("back", Map.of("engram.clients.back.retries", "3"), registry);

        StatusRuntimeException failure = catchThrowableOfType(
                StatusRuntimeException.class,
                () -> policy.call("Echo", back.stub(), stub -> stub.echo(""))
                        .await()
                        .indefinitely());

        assertThat(back.calls()).isEqualTo(1);
        assertThat(failure)
                .isInstanceOf(CallFailure.class)
                .hasMessage("back Echo failed: INVALID_ARGUMENT query: is required");
        assertThat(failure.getStatus().getDescription()).isEqualTo("query: is required");
        assertThat(StatusProto.fromThrowable(failure)).isEqualTo(invalid);
    }

    @Test
    void a_missing_answer_is_not_asked_for_again() throws Exception {
        back = new EchoPeer("back-missing", text -> {
            throw Status.NOT_FOUND.asRuntimeException();
        });
        CallPolicy policy = Policies.to("back", Map.of("engram.clients.back.retries", "3"), registry);

        CallFailure failure = catchThrowableOfType(
                CallFailure.class,
                () -> policy.call("Echo", back.stub(), stub -> stub.echo("x"))
                        .await()
                        .indefinitely());

        assertThat(failure.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND);
        assertThat(back.calls()).isEqualTo(1);
    }

    @Test
    void a_call_that_must_not_be_repeated_is_made_once_even_when_the_peer_is_away() throws Exception {
        back = new EchoPeer("back-once-only", text -> {
            throw Status.UNAVAILABLE.asRuntimeException();
        });
        CallPolicy policy = Policies.to("back", Map.of("engram.clients.back.retries", "3"), registry);

        catchThrowableOfType(
                CallFailure.class,
                () -> policy.callOnce("Echo", back.stub(), stub -> stub.echo("x"))
                        .await()
                        .indefinitely());

        assertThat(back.calls()).isEqualTo(1);
    }

    @Test
    void a_peer_that_is_no_grpc_service_is_retried_when_its_own_failures_say_so() {
        AtomicInteger attempts = new AtomicInteger();
        CallPolicy llm = Policies.to("llm", Map.of("engram.clients.llm.retries", "3"), registry)
                .retryingWhen(failure -> failure instanceof IllegalStateException);

        String answer = llm.call(
                        "route",
                        deadline -> Uni.createFrom().item(() -> {
                            if (attempts.incrementAndGet() < 3) {
                                throw new IllegalStateException("busy");
                            }
                            return "DIRECT";
                        }))
                .await()
                .indefinitely();
        CallFailure refused = catchThrowableOfType(
                CallFailure.class,
                () -> llm.call(
                                "route",
                                deadline -> Uni.createFrom().<String>failure(new IllegalArgumentException("bad key")))
                        .await()
                        .indefinitely());

        assertThat(answer).isEqualTo("DIRECT");
        assertThat(attempts).hasValue(3);
        assertThat(refused.getStatus().getCode()).isEqualTo(Status.Code.UNKNOWN);
        assertThat(refused).hasMessage("llm route failed: UNKNOWN java.lang.IllegalArgumentException: bad key");
    }

    @Test
    void a_caller_out_of_time_makes_no_call() throws Exception {
        back = new EchoPeer("back-late", text -> text);
        CallPolicy policy = Policies.to("back", Map.of(), registry);
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
        try {
            Context.CancellableContext spent = Context.current().withDeadlineAfter(1, TimeUnit.NANOSECONDS, timer);
            Thread.sleep(5);

            CallFailure failure = catchThrowableOfType(
                    CallFailure.class,
                    () -> spent.call(() -> policy.call("Echo", back.stub(), stub -> stub.echo("x"))
                            .await()
                            .indefinitely()));

            assertThat(failure.getStatus().getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
            assertThat(back.calls()).isZero();
        } finally {
            timer.shutdownNow();
        }
    }

    @Test
    void every_call_is_timed_by_peer_method_and_outcome() throws Exception {
        back = new EchoPeer("back-timed", text -> {
            if (text.isEmpty()) {
                throw Status.INVALID_ARGUMENT.asRuntimeException();
            }
            return text;
        });
        CallPolicy policy = Policies.to("back", Map.of(), registry);

        policy.call("Echo", back.stub(), stub -> stub.echo("a")).await().indefinitely();
        policy.call("Echo", back.stub(), stub -> stub.echo("b")).await().indefinitely();
        catchThrowableOfType(
                CallFailure.class,
                () -> policy.call("Echo", back.stub(), stub -> stub.echo(""))
                        .await()
                        .indefinitely());

        Timer ok = registry.find("engram.client.calls")
                .tags("peer", "back", "method", "Echo", "outcome", "OK")
                .timer();
        Timer invalid = registry.find("engram.client.calls")
                .tags("peer", "back", "method", "Echo", "outcome", "INVALID_ARGUMENT")
                .timer();
        assertThat(ok).isNotNull();
        assertThat(ok.count()).isEqualTo(2);
        assertThat(invalid).isNotNull();
        assertThat(invalid.count()).isEqualTo(1);
    }

    @Test
    void the_outcome_comes_back_on_the_event_loop_context_that_made_the_call() throws Exception {
        AtomicInteger failures = new AtomicInteger(1);
        back = new EchoPeer("back-vertx", text -> {
            if (failures.getAndDecrement() > 0) {
                throw Status.UNAVAILABLE.asRuntimeException();
            }
            if (text.equals("refused")) {
                throw Status.INVALID_ARGUMENT.asRuntimeException();
            }
            return text;
        });
        CallPolicy policy = Policies.to("back", Map.of(), registry);
        Vertx vertx = Vertx.vertx();
        try {
            io.vertx.core.Context context = vertx.getOrCreateContext();
            CompletableFuture<Boolean> retried = new CompletableFuture<>();
            CompletableFuture<Boolean> refused = new CompletableFuture<>();
            context.runOnContext(ignored -> {
                policy.call("Echo", back.stub(), stub -> stub.echo("hi"))
                        .subscribe()
                        .with(
                                answer -> retried.complete(Vertx.currentContext() == context),
                                retried::completeExceptionally);
                policy.call("Echo", back.stub(), stub -> stub.echo("refused"))
                        .subscribe()
                        .with(
                                answer -> refused.completeExceptionally(new AssertionError("not refused")),
                                failure -> refused.complete(Vertx.currentContext() == context));
            });

            assertThat(retried.get(5, TimeUnit.SECONDS)).as("after a retry").isTrue();
            assertThat(refused.get(5, TimeUnit.SECONDS)).as("after a failure").isTrue();
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void settings_come_from_the_peer_the_method_or_the_defaults() {
        ClientsConfig config = Policies.config(Map.of(
                "engram.clients.ingest.deadline", "2s",
                "engram.clients.ingest.methods.add-episodes.deadline", "10s",
                "engram.clients.ingest.methods.add-episodes.retries", "0"));
        CallPolicy ingest = new CallPolicies(config, registry).to("ingest");
        CallPolicy unknown = new CallPolicies(config, registry).to("elsewhere");

        assertThat(ingest.deadline("GetStatus")).isEqualTo(Duration.ofSeconds(2));
        assertThat(ingest.retries("GetStatus")).isEqualTo(1);
        assertThat(ingest.deadline("AddEpisodes")).isEqualTo(Duration.ofSeconds(10));
        assertThat(ingest.retries("AddEpisodes")).isZero();
        assertThat(unknown.deadline("Anything")).isEqualTo(Duration.ofSeconds(5));
        assertThat(config.peers().get("elsewhere").backoffInitial()).isEqualTo(Duration.ofMillis(100));
        assertThat(config.peers().get("elsewhere").backoffMax()).isEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void method_names_become_configuration_keys_in_kebab_case() {
        assertThat(CallPolicy.key("AddEpisodes")).isEqualTo("add-episodes");
        assertThat(CallPolicy.key("GetProfileForSearch")).isEqualTo("get-profile-for-search");
        assertThat(CallPolicy.key("delete units")).isEqualTo("delete-units");
        assertThat(CallPolicy.key("chain")).isEqualTo("chain");
    }
}
