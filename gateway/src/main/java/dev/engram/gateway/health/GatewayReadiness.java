package dev.engram.gateway.health;

import dev.engram.gateway.config.AuthConfig;
import grpc.health.v1.MutinyHealthGrpc.MutinyHealthStub;
import io.quarkus.grpc.GrpcClient;
import io.smallrye.health.api.AsyncHealthCheck;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.time.Duration;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready when the gateway can serve its core: ingest-service (adds, reads) and retrieval-agent-service (search),
 * and the key store when authentication is on. profile-service is reported but does not make the gateway
 * unready: searches answer without the profile (with a warning) when it is down.
 */
@Readiness
@ApplicationScoped
public class GatewayReadiness implements AsyncHealthCheck {

    private static final Duration TIMEOUT = Duration.ofSeconds(1);
    private static final String DOWN = "DOWN";

    private final MutinyHealthStub ingest;
    private final MutinyHealthStub retrieval;
    private final MutinyHealthStub profile;
    private final boolean authEnabled;
    private final Instance<Pool> keyStore;

    public GatewayReadiness(
            @GrpcClient("ingest") MutinyHealthStub ingest,
            @GrpcClient("retrieval") MutinyHealthStub retrieval,
            @GrpcClient("profile") MutinyHealthStub profile,
            AuthConfig auth,
            Instance<Pool> keyStore) {
        this.ingest = ingest;
        this.retrieval = retrieval;
        this.profile = profile;
        this.authEnabled = auth.enabled();
        this.keyStore = keyStore;
    }

    @Override
    public Uni<HealthCheckResponse> call() {
        return Uni.combine()
                .all()
                .unis(
                        DependencyProbe.check(ingest, TIMEOUT),
                        DependencyProbe.check(retrieval, TIMEOUT),
                        DependencyProbe.check(profile, TIMEOUT),
                        keyStore())
                .with((ingestState, retrievalState, profileState, keyState) -> HealthCheckResponse.named("dependencies")
                        .status("UP".equals(ingestState) && "UP".equals(retrievalState) && !DOWN.equals(keyState))
                        .withData("ingest-service", ingestState)
                        .withData("retrieval-agent-service", retrievalState)
                        .withData("profile-service", profileState)
                        .withData("key-store", keyState)
                        .build());
    }

    private Uni<String> keyStore() {
        if (!authEnabled) {
            return Uni.createFrom().item("not used (authentication off)");
        }
        return keyStore.get()
                .query("select 1")
                .execute()
                .ifNoItem()
                .after(TIMEOUT)
                .fail()
                .map(rows -> "UP")
                .onFailure()
                .recoverWithItem(failure -> DOWN);
    }
}
