package dev.engram.e2e.fuzz;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Sends requests to the gateway: through the JDK's HTTP client, or, for what that client refuses to send
 * (a Content-Length that is not the body's, a request target with broken escapes), over a plain socket.
 */
final class Wire {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private final URI base;
    private final String baseUrl;
    private final HttpClient client;

    Wire(String baseUrl) {
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        this.base = URI.create(this.baseUrl);
        this.client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10))
                .build();
    }

    /**
     * Longer request targets go by raw socket: the gateway's HTTP layer refuses them and closes the connection,
     * which the JDK client would otherwise offer to the next request.
     */
    private static final int LONGEST_POOLED_TARGET = 8 * 1024;

    Answer send(Request request) {
        boolean raw = request.declaredLength() != -1
                || request.rawTarget() != null
                || request.target().length() > LONGEST_POOLED_TARGET;
        try {
            return raw ? sendRaw(request) : sendHttp(request);
        } catch (IOException e) {
            throw new UncheckedIOException("no answer to " + request.describe(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private Answer sendHttp(Request request) throws IOException, InterruptedException {
        HttpRequest.BodyPublisher body = request.body() == null
                ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofByteArray(request.body().bytes());
        // Not URI.resolve: it would drop the dot segments of a hostile path before sending it.
        HttpRequest.Builder http = HttpRequest.newBuilder(URI.create(baseUrl + request.target()))
                .timeout(TIMEOUT)
                .method(request.method(), body);
        if (request.key() != null) {
            http.header("Authorization", request.key());
        }
        if (request.contentType() != null) {
            http.header("Content-Type", request.contentType());
        }
        if (request.accept() != null) {
            http.header("Accept", request.accept());
        }
        HttpResponse<byte[]> response;
        try {
            response = client.send(http.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException stale) {
            // A pooled connection the gateway had closed (after a refusal it answered with Connection: close)
            // fails before the request is read: the request never arrived, so it is sent once more.
            if (stale.getMessage() == null || !stale.getMessage().contains("received no bytes")) {
                throw stale;
            }
            response = client.send(http.build(), HttpResponse.BodyHandlers.ofByteArray());
        }
        Map<String, String> headers = new HashMap<>();
        response.headers()
                .map()
                .forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), String.join(", ", values)));
        return new Answer(response.statusCode(), headers, response.body());
    }

    /**
     * Writes the request by hand and reads the answer until the server closes the connection. A claimed length
     * larger than the body is never sent in full: the gateway must answer from the headers alone.
     */
    private Answer sendRaw(Request request) throws IOException {
        byte[] body = request.body() == null ? new byte[0] : request.body().bytes();
        boolean chunked = request.declaredLength() == Request.CHUNKED;
        long length = request.declaredLength() >= 0 ? request.declaredLength() : body.length;
        StringBuilder head = new StringBuilder()
                .append(request.method())
                .append(' ')
                .append(request.target())
                .append(" HTTP/1.1\r\n")
                .append("Host: ")
                .append(base.getHost())
                .append(':')
                .append(base.getPort())
                .append("\r\nConnection: close\r\n");
        if (request.key() != null) {
            head.append("Authorization: ").append(request.key()).append("\r\n");
        }
        if (request.contentType() != null) {
            head.append("Content-Type: ").append(request.contentType()).append("\r\n");
        }
        if (request.accept() != null) {
            head.append("Accept: ").append(request.accept()).append("\r\n");
        }
        if (chunked) {
            head.append("Transfer-Encoding: chunked\r\n");
        } else if (request.body() != null || request.declaredLength() >= 0) {
            head.append("Content-Length: ").append(length).append("\r\n");
        }
        head.append("\r\n");
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout((int) TIMEOUT.toMillis());
            OutputStream out = socket.getOutputStream();
            out.write(head.toString().getBytes(StandardCharsets.UTF_8));
            try {
                if (chunked) {
                    writeChunked(out, body);
                } else {
                    out.write(body, 0, (int) Math.min(body.length, length));
                }
                out.flush();
            } catch (SocketException closedEarly) {
                // The gateway may answer and close before the whole body is written; its answer still counts.
            }
            return parse(socket.getInputStream());
        }
    }

    private static void writeChunked(OutputStream out, byte[] body) throws IOException {
        int chunk = 64 * 1024;
        for (int at = 0; at < body.length; at += chunk) {
            int size = Math.min(chunk, body.length - at);
            out.write((Integer.toHexString(size) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(body, at, size);
            out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
    }

    private static Answer parse(InputStream in) throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try {
            for (int read; (read = in.read(buffer)) > 0; ) {
                all.write(buffer, 0, read);
            }
        } catch (SocketException reset) {
            // The server may reset a connection whose body it refused to read; what it answered before counts.
            if (all.size() == 0) {
                throw reset;
            }
        }
        byte[] bytes = all.toByteArray();
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        int headEnd = text.indexOf("\r\n\r\n");
        if (headEnd < 0) {
            throw new IOException("no complete answer: " + Request.escape(text));
        }
        String[] lines = text.substring(0, headEnd).split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        Map<String, String> headers = new HashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            headers.put(
                    lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
                    lines[i].substring(colon + 1).trim());
        }
        byte[] rest = Arrays.copyOfRange(bytes, headEnd + 4, bytes.length);
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            rest = dechunk(rest);
        }
        return new Answer(status, headers, rest);
    }

    private static byte[] dechunk(byte[] chunked) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int at = 0;
        while (at < chunked.length) {
            int lineEnd = at;
            while (lineEnd + 1 < chunked.length && !(chunked[lineEnd] == '\r' && chunked[lineEnd + 1] == '\n')) {
                lineEnd++;
            }
            String sizeText = new String(chunked, at, lineEnd - at, StandardCharsets.ISO_8859_1).split(";")[0].trim();
            int size = sizeText.isEmpty() ? 0 : Integer.parseInt(sizeText, 16);
            if (size == 0) {
                break;
            }
            out.write(chunked, lineEnd + 2, Math.min(size, chunked.length - lineEnd - 2));
            at = lineEnd + 2 + size + 2;
        }
        return out.toByteArray();
    }
}
