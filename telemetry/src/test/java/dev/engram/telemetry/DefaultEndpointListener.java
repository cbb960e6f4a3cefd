package dev.engram.telemetry;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Listens where Quarkus exports spans by default (port 4317 on the loopback address) and counts who connects:
 * with no endpoint configured, nothing should.
 */
public class DefaultEndpointListener implements QuarkusTestResourceLifecycleManager {

    static final int DEFAULT_OTLP_PORT = 4317;
    static final AtomicInteger CONNECTIONS = new AtomicInteger();

    private ServerSocket socket;

    @Override
    public Map<String, String> start() {
        try {
            socket = new ServerSocket();
            socket.bind(new InetSocketAddress("127.0.0.1", DEFAULT_OTLP_PORT));
        } catch (IOException e) {
            throw new IllegalStateException(
                    "port " + DEFAULT_OTLP_PORT + " is taken; this test listens there to see whether"
                            + " anything connects to Quarkus' default OTLP endpoint",
                    e);
        }
        Thread acceptor = new Thread(this::accept, "default-otlp-endpoint");
        acceptor.setDaemon(true);
        acceptor.start();
        return Map.of();
    }

    private void accept() {
        while (!socket.isClosed()) {
            try (Socket ignored = socket.accept()) {
                CONNECTIONS.incrementAndGet();
            } catch (IOException e) {
                if (!socket.isClosed()) {
                    throw new UncheckedIOException(e);
                }
            }
        }
    }

    @Override
    public void stop() {
        try {
            socket.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
