package dev.engram.vector.store;

import dev.engram.vector.config.VectorConfig;
import dev.engram.vector.embedding.EmbeddingModelChoice;
import io.quarkus.logging.Log;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.nio.file.Path;

/** Opens the embedded index of the configured embedding model, and closes it on shutdown. */
@ApplicationScoped
public class VectorStoreProducer {

    /** Opened at start so that a locked or unreadable index directory fails the service before it is ready. */
    @Produces
    @Singleton
    @Startup
    VectorStore vectorStore(VectorConfig config, EmbeddingModelChoice model) {
        // The layout version is part of the path: an index written in an older layout is rebuilt from
        // the episodes rather than searched with assumptions it does not meet.
        Path path = config.indexDir()
                .resolve(model.id() + "-" + LuceneDocuments.LAYOUT_VERSION)
                .toAbsolutePath();
        HybridSettings settings = new HybridSettings(
                config.search().candidates(),
                config.search().rrfK(),
                config.search().unitsPerEpisode());
        Log.infof("Opening the vector index in %s", path);
        return LuceneVectorStore.open(path, settings);
    }

    void close(@Disposes VectorStore store) {
        store.close();
    }
}
