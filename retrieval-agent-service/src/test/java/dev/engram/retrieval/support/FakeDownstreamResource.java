package dev.engram.retrieval.support;

import dev.engram.grpc.call.IncomingDeadline;
import io.grpc.Server;
import io.grpc.netty.NettyServerBuilder;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.net.InetSocketAddress;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Serves {@link FakeDownstream} as vector-service and ingest-service on one free port and points
 * the application's gRPC clients at it. Tests get the fake through a field annotated with {@link
 * InjectFakeDownstream}.
 */
public class FakeDownstreamResource implements QuarkusTestResourceLifecycleManager {

    /** Marks the test field that receives the running {@link FakeDownstream}. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.FIELD)
    public @interface InjectFakeDownstream {}

    private final FakeDownstream fake = new FakeDownstream();
    private Server server;

    @Override
    public Map<String, String> start() {
        try {
            server = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0))
                    // As every service does: a call's deadline is its caller's, which travels beside grpc-timeout.
                    .intercept(new IncomingDeadline())
                    .addService(fake.vectorService())
                    .addService(fake.ingestService())
                    .build()
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException("could not start the fake downstream services", e);
        }
        String port = String.valueOf(server.getPort());
        // In test mode Quarkus points gRPC clients at the application itself unless a client
        // test-port is set.
        Map<String, String> config = new HashMap<>();
        for (String client : List.of("vector", "ingest")) {
            config.put("quarkus.grpc.clients." + client + ".host", "127.0.0.1");
            config.put("quarkus.grpc.clients." + client + ".port", port);
            config.put("quarkus.grpc.clients." + client + ".test-port", port);
        }
        return config;
    }

    @Override
    public void inject(TestInjector injector) {
        injector.injectIntoFields(
                fake, new TestInjector.AnnotatedAndMatchesType(InjectFakeDownstream.class, FakeDownstream.class));
    }

    @Override
    public void stop() {
        if (server != null) {
            server.shutdownNow();
            try {
                server.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
