package dev.engram.vector.store.qdrant;

import dev.engram.grpc.call.Backoff;
import dev.engram.grpc.call.CallPolicy;
import dev.engram.vector.store.VectorStore;
import dev.engram.vector.store.VectorStoreConformanceTest;
import io.grpc.ChannelCredentials;
import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.TlsChannelCredentials;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.qdrant.client.QdrantClient;
import java.net.URI;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;

/**
 * The conformance suite against a real Qdrant, run only when {@code QDRANT_URL} names its gRPC endpoint
 * (e.g. {@code http://localhost:6334}; {@code https} for TLS; {@code QDRANT_API_KEY} when the server wants
 * one). Each test gets a collection of its own, dropped afterwards.
 */
class QdrantVectorStoreConformanceTest extends VectorStoreConformanceTest {

    private static URI endpoint;
    private String collection;

    @BeforeAll
    static void requireServer() {
        String url = System.getenv("QDRANT_URL");
        Assumptions.assumeTrue(url != null && !url.isBlank(), "QDRANT_URL is not set: no real Qdrant to test against");
        endpoint = URI.create(url);
    }

    @Override
    protected VectorStore openEmptyStore() {
        collection = "engram-conformance-" + UUID.randomUUID();
        Duration deadline = Duration.ofSeconds(10);
        QdrantSettings settings = new QdrantSettings(collection, DIMENSION, deadline, 64, SETTINGS);
        return new QdrantVectorStore(
                client(),
                settings,
                CallPolicy.of(
                        "qdrant",
                        deadline,
                        1,
                        new Backoff(Duration.ofMillis(100), Duration.ofSeconds(1)),
                        new SimpleMeterRegistry()));
    }

    @AfterEach
    void dropCollection() throws Exception {
        try (QdrantClient client = client()) {
            client.deleteCollectionAsync(collection, Duration.ofSeconds(10)).get(20, TimeUnit.SECONDS);
        }
    }

    private static QdrantClient client() {
        boolean tls = "https".equalsIgnoreCase(endpoint.getScheme());
        int port = endpoint.getPort() > 0 ? endpoint.getPort() : 6334;
        ChannelCredentials credentials = tls ? TlsChannelCredentials.create() : InsecureChannelCredentials.create();
        return QdrantConnections.client(
                Grpc.newChannelBuilderForAddress(endpoint.getHost(), port, credentials)
                        .build(),
                System.getenv("QDRANT_API_KEY"));
    }
}
