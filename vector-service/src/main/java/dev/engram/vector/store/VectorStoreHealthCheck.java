package dev.engram.vector.store;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Not ready once the store cannot write any more (Lucene closes its writer after a disk failure). */
@Readiness
@ApplicationScoped
public class VectorStoreHealthCheck implements HealthCheck {

    private final VectorStore store;

    VectorStoreHealthCheck(VectorStore store) {
        this.store = store;
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("vector-store")
                .status(store.isHealthy())
                .build();
    }
}
