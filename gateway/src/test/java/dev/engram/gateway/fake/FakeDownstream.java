package dev.engram.gateway.fake;

import dev.engram.grpc.call.IncomingDeadline;
import io.grpc.Server;
import io.grpc.netty.NettyServerBuilder;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs fake ingest, retrieval and profile services on a plain gRPC server on a free port and points the gateway's
 * clients at it. Tests get the fakes injected into fields of their type.
 */
public class FakeDownstream implements QuarkusTestResourceLifecycleManager {

    private final FakeIngestService ingest = new FakeIngestService();
    private final FakeRetrievalService retrieval = new FakeRetrievalService();
    private final FakeProfileService profile = new FakeProfileService();
    private final FakeHealthService health = new FakeHealthService();
    private Server server;

    @Override
    public Map<String, String> start() {
        try {
            server = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0))
                    // As ingest-service must: a full batch of 1000 episodes of 32 KiB is one 33 MB message.
                    .maxInboundMessageSize(64 * 1024 * 1024)
                    // As every service does: a call's deadline is its caller's, which travels beside grpc-timeout.
                    .intercept(new IncomingDeadline())
                    .addService(ingest)
                    .addService(retrieval)
                    .addService(profile)
                    .addService(health)
                    .build()
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // In test mode Quarkus dials a client's test-port, which otherwise defaults to the app's own port.
        String port = String.valueOf(server.getPort());
        Map<String, String> config = new HashMap<>();
        for (String client : List.of("ingest", "retrieval", "profile")) {
            config.put("quarkus.grpc.clients." + client + ".host", "127.0.0.1");
            config.put("quarkus.grpc.clients." + client + ".port", port);
            config.put("quarkus.grpc.clients." + client + ".test-port", port);
        }
        return config;
    }

    @Override
    public void inject(TestInjector injector) {
        injector.injectIntoFields(ingest, new TestInjector.MatchesType(FakeIngestService.class));
        injector.injectIntoFields(retrieval, new TestInjector.MatchesType(FakeRetrievalService.class));
        injector.injectIntoFields(profile, new TestInjector.MatchesType(FakeProfileService.class));
        injector.injectIntoFields(health, new TestInjector.MatchesType(FakeHealthService.class));
    }

    @Override
    public void stop() {
        if (server != null) {
            try {
                server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
