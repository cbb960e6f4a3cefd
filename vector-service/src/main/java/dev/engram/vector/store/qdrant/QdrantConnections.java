package dev.engram.vector.store.qdrant;

import dev.engram.vector.config.VectorConfig;
import io.grpc.ChannelCredentials;
import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.TlsChannelCredentials;
import io.qdrant.client.QdrantClient;
import io.qdrant.client.QdrantGrpcClient;

/** Opens the gRPC connection to Qdrant described by the configuration. */
public final class QdrantConnections {

    /** Qdrant answers a scroll page or a query batch with vectors and texts; allow well above the default. */
    private static final int MAX_INBOUND_BYTES = 64 * 1024 * 1024;

    private QdrantConnections() {}

    public static QdrantClient connect(VectorConfig.Qdrant config) {
        ChannelCredentials credentials =
                config.useTls() ? TlsChannelCredentials.create() : InsecureChannelCredentials.create();
        ManagedChannel channel = Grpc.newChannelBuilderForAddress(config.host(), config.port(), credentials)
                .maxInboundMessageSize(MAX_INBOUND_BYTES)
                .build();
        return client(channel, config.apiKey().orElse(null));
    }

    /**
     * A client over the given channel, which it shuts down on close. The client's version check is off: it
     * would make an extra blocking call at start, and the store's health check reports reachability.
     */
    public static QdrantClient client(ManagedChannel channel, String apiKey) {
        QdrantGrpcClient.Builder grpc = QdrantGrpcClient.newBuilder(channel, true, false);
        if (apiKey != null && !apiKey.isBlank()) {
            grpc.withApiKey(apiKey);
        }
        return new QdrantClient(grpc.build());
    }
}
