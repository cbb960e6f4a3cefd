package dev.engram.grpc.call;

import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;

/** Hands every client bean the call policy of its peer, from {@code engram.clients.<peer>.*}. */
@ApplicationScoped
public class CallPolicies {

    private final ClientsConfig config;
    private final MeterRegistry registry;

    public CallPolicies(ClientsConfig config, MeterRegistry registry) {
        this.config = config;
        this.registry = registry;
    }

    /** The policy of the peer named {@code peer} in the configuration and in metrics. */
    public CallPolicy to(String peer) {
        return new CallPolicy(peer, config.peers().get(peer), registry);
    }
}
