package dev.engram.vector.store;

import dev.engram.embedding.EncoderModel;
import dev.engram.grpc.call.CallPolicies;
import dev.engram.grpc.call.CallPolicy;
import dev.engram.vector.config.VectorConfig;
import dev.engram.vector.store.qdrant.QdrantConnections;
import dev.engram.vector.store.qdrant.QdrantSettings;
import dev.engram.vector.store.qdrant.QdrantVectorStore;
import dev.langchain4j.model.embedding.EmbeddingModel;
import io.quarkus.logging.Log;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.nio.file.Path;

/** Opens the configured store for the configured embedding model, and closes it on shutdown. */
@ApplicationScoped
public class VectorStoreProducer {

    /** Opened at start so that a locked or unreadable index directory fails the service before it is ready. */
    @Produces
    @Singleton
    @Startup
    VectorStore vectorStore(
            VectorConfig config, EncoderModel model, EmbeddingModel embeddingModel, CallPolicies policies) {
        HybridSettings settings = new HybridSettings(
                config.search().candidates(),
                config.search().rrfK(),
                config.search().unitsPerEpisode());
        return switch (config.store()) {
            case LUCENE -> lucene(config, model, settings);
            case QDRANT -> qdrant(config.qdrant(), model, embeddingModel.dimension(), settings, policies.to("qdrant"));
        };
    }

    private static VectorStore lucene(VectorConfig config, EncoderModel model, HybridSettings settings) {
        // The layout version is part of the path: an index written in an older layout is rebuilt from
        // the episodes rather than searched with assumptions it does not meet.
        Path path = config.indexDir()
                .resolve(model.id() + "-" + LuceneDocuments.LAYOUT_VERSION)
                .toAbsolutePath();
        Log.infof("Opening the vector index in %s", path);
        return LuceneVectorStore.open(path, settings);
    }

    private static VectorStore qdrant(
            VectorConfig.Qdrant config, EncoderModel model, int dimension, HybridSettings hybrid, CallPolicy policy) {
        QdrantSettings settings = new QdrantSettings(
                QdrantVectorStore.collectionName(config.collectionPrefix(), model.id()),
                dimension,
                policy.deadline(),
                config.upsertBatchSize(),
                hybrid);
        Log.infof(
                "Using the Qdrant collection %s at %s:%d (TLS %s)",
                settings.collection(), config.host(), config.port(), config.useTls() ? "on" : "off");
        return new QdrantVectorStore(QdrantConnections.connect(config), settings, policy);
    }

    void close(@Disposes VectorStore store) {
        store.close();
    }
}
