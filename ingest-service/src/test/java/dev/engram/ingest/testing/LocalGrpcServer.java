package dev.engram.ingest.testing;

import io.grpc.BindableService;
import io.grpc.Server;
import io.grpc.netty.NettyServerBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/** A real gRPC server on a free loopback port, serving one test double. */
final class LocalGrpcServer {

    private final Server server;

    private LocalGrpcServer(Server server) {
        this.server = server;
    }

    static LocalGrpcServer serve(BindableService service) {
        try {
            return new LocalGrpcServer(NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0))
                    .addService(service)
                    .build()
                    .start());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    int port() {
        return server.getPort();
    }

    void stop() throws InterruptedException {
        server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }
}
