package dev.engram.ingest.outbox;

import dev.engram.ingest.client.ProfileObserveClient;
import dev.engram.ingest.client.VectorIndexClient;
import dev.engram.ingest.model.OutboxTarget;
import dev.engram.ingest.model.StoredEpisode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/** The outbox's targets: vector-service's Index and profile-service's Observe. */
@ApplicationScoped
class OutboxDeliveries {

    private final List<OutboxDelivery> all;

    OutboxDeliveries(VectorIndexClient vector, ProfileObserveClient profile) {
        this.all = List.of(
                new Delivery(OutboxTarget.VECTOR, "vector-service", true) {
                    @Override
                    public Uni<Void> deliver(List<StoredEpisode> episodes) {
                        return vector.index(episodes).replaceWithVoid();
                    }
                },
                new Delivery(OutboxTarget.PROFILE, "profile-service", false) {
                    @Override
                    public Uni<Void> deliver(List<StoredEpisode> episodes) {
                        return profile.observe(episodes).replaceWithVoid();
                    }
                });
    }

    List<OutboxDelivery> all() {
        return all;
    }

    private abstract static class Delivery implements OutboxDelivery {
        private final OutboxTarget target;
        private final String service;
        private final boolean marksIndexed;

        Delivery(OutboxTarget target, String service, boolean marksIndexed) {
            this.target = target;
            this.service = service;
            this.marksIndexed = marksIndexed;
        }

        @Override
        public OutboxTarget target() {
            return target;
        }

        @Override
        public String service() {
            return service;
        }

        @Override
        public boolean marksIndexed() {
            return marksIndexed;
        }
    }
}
