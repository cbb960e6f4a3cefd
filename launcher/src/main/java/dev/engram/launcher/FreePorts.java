package dev.engram.launcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Loopback ports that are free now, one per service. Every socket stays open until all are chosen: a port asked
 * for and released at once may be handed out again by the next request, and two services given one port would
 * answer each other's health probes while one of them had exited.
 */
public final class FreePorts {

    private FreePorts() {}

    /** A distinct free port for every service. */
    public static Map<ServiceKind, Integer> forServices() {
        List<ServerSocket> held = new ArrayList<>();
        try {
            Map<ServiceKind, Integer> ports = new EnumMap<>(ServiceKind.class);
            for (ServiceKind kind : ServiceKind.values()) {
                ServerSocket socket = new ServerSocket(0);
                held.add(socket);
                ports.put(kind, socket.getLocalPort());
            }
            return ports;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            held.forEach(FreePorts::closeQuietly);
        }
    }

    private static void closeQuietly(ServerSocket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // Nothing was sent on it; the port is released either way.
        }
    }
}
