package dev.engram.e2e.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One HTTP request to the gateway, kept in parts so that a mutation can change any one of them: path
 * parameters and query parameters by name, the body as a JSON value (or as raw bytes, when it is no longer
 * JSON), the key, and the media type headers.
 *
 * @param path the path with {@code {name}} placeholders for {@code pathParams}
 * @param body null for none
 * @param key the Authorization header value, null for none
 * @param contentType null for none
 * @param accept null for none
 * @param declaredLength a Content-Length to claim instead of the body's own, {@link #CHUNKED} to send the body in
 *     chunks without a length, or -1; such requests go by raw socket
 * @param rawTarget a request target sent exactly as written (invalid escapes and all), or null
 */
record Request(
        String method,
        String path,
        List<Param> pathParams,
        List<Param> query,
        Body body,
        String key,
        String contentType,
        String accept,
        long declaredLength,
        String rawTarget) {

    static final String JSON = "application/json";

    /** The {@code declaredLength} of a body sent with {@code Transfer-Encoding: chunked}. */
    static final long CHUNKED = -2;

    /** A parameter; a query parameter with a null value is sent as a bare name. */
    record Param(String name, String value) {}

    /**
     * A body: a JSON value written out, or bytes that are not (or no longer) that value.
     *
     * @param json what the body says, null when it says nothing a server could read as the request
     */
    record Body(Json json, byte[] raw, boolean escapeNonAscii) {

        static Body of(Json json) {
            return new Body(json, null, false);
        }

        byte[] bytes() {
            return raw != null ? raw : json.bytes(escapeNonAscii);
        }
    }

    static Request of(String method, String path) {
        return new Request(method, path, List.of(), List.of(), null, null, null, null, -1, null);
    }

    Request pathParam(String name, String value) {
        List<Param> params = new ArrayList<>(pathParams);
        params.removeIf(param -> param.name().equals(name));
        params.add(new Param(name, value));
        return withPathParams(params);
    }

    Request queryParam(String name, String value) {
        if (value == null) {
            return this;
        }
        List<Param> params = new ArrayList<>(query);
        params.add(new Param(name, value));
        return withQuery(params);
    }

    Request json(Json value) {
        return new Request(
                method, path, pathParams, query, Body.of(value), key, JSON, accept, declaredLength, rawTarget);
    }

    Optional<String> pathValue(String name) {
        return pathParams.stream()
                .filter(param -> param.name().equals(name))
                .map(Param::value)
                .findFirst();
    }

    /**
     * The value a server reads for a query parameter: the first, when it is named more than once; none when it is
     * a bare name or empty, which Quarkus REST reads as absent.
     */
    Optional<String> queryValue(String name) {
        return query.stream()
                .filter(param -> param.name().equals(name))
                .findFirst()
                .map(Param::value)
                .filter(value -> !value.isEmpty());
    }

    Optional<Json.Obj> jsonObject() {
        return body != null && body.json() instanceof Json.Obj object ? Optional.of(object) : Optional.empty();
    }

    Request withPathParams(List<Param> params) {
        return new Request(
                method, path, List.copyOf(params), query, body, key, contentType, accept, declaredLength, rawTarget);
    }

    Request withQuery(List<Param> params) {
        return new Request(
                method,
                path,
                pathParams,
                List.copyOf(params),
                body,
                key,
                contentType,
                accept,
                declaredLength,
                rawTarget);
    }

    Request withBody(Body changed) {
        return new Request(
                method, path, pathParams, query, changed, key, contentType, accept, declaredLength, rawTarget);
    }

    Request withKey(String changed) {
        return new Request(
                method, path, pathParams, query, body, changed, contentType, accept, declaredLength, rawTarget);
    }

    Request withContentType(String changed) {
        return new Request(method, path, pathParams, query, body, key, changed, accept, declaredLength, rawTarget);
    }

    Request withAccept(String changed) {
        return new Request(method, path, pathParams, query, body, key, contentType, changed, declaredLength, rawTarget);
    }

    Request withMethod(String changed) {
        return new Request(changed, path, pathParams, query, body, key, contentType, accept, declaredLength, rawTarget);
    }

    Request withDeclaredLength(long length) {
        return new Request(method, path, pathParams, query, body, key, contentType, accept, length, rawTarget);
    }

    Request withRawTarget(String target) {
        return new Request(method, path, pathParams, query, body, key, contentType, accept, declaredLength, target);
    }

    /** Path and query, percent-encoded as a careful client would encode them. */
    String target() {
        if (rawTarget != null) {
            return rawTarget;
        }
        String resolved = path;
        for (Param param : pathParams) {
            resolved = resolved.replace("{" + param.name() + "}", encodePathValue(param.value()));
        }
        if (query.isEmpty()) {
            return resolved;
        }
        StringBuilder target = new StringBuilder(resolved).append('?');
        for (int i = 0; i < query.size(); i++) {
            if (i > 0) {
                target.append('&');
            }
            Param param = query.get(i);
            target.append(encode(param.name(), ""));
            if (param.value() != null) {
                target.append('=').append(encode(param.value(), ""));
            }
        }
        return target.toString();
    }

    /** Characters of ids and '/' (which session ids may hold) stay as they are; everything else is escaped. */
    private static String encodePathValue(String value) {
        return encode(value, "._:@-/");
    }

    /**
     * Percent-encodes every character but letters, digits and {@code keep}. A lone surrogate, which UTF-8 cannot
     * encode, is escaped as the three bytes it would take if it could (as WTF-8 does), so the server sees
     * exactly the invalid bytes a broken client would send.
     */
    static String encode(String value, String keep) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if ((c < 0x80 && Character.isLetterOrDigit(c)) || keep.indexOf(c) >= 0) {
                out.append(c);
                continue;
            }
            byte[] bytes;
            if (Character.isHighSurrogate(c)
                    && i + 1 < value.length()
                    && Character.isLowSurrogate(value.charAt(i + 1))) {
                bytes = value.substring(i, i + 2).getBytes(StandardCharsets.UTF_8);
                i++;
            } else if (Character.isSurrogate(c)) {
                bytes = new byte[] {
                    (byte) (0xE0 | (c >> 12)), (byte) (0x80 | ((c >> 6) & 0x3F)), (byte) (0x80 | (c & 0x3F))
                };
            } else {
                bytes = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
            }
            for (byte b : bytes) {
                out.append('%').append(String.format("%02X", b & 0xFF));
            }
        }
        return out.toString();
    }

    /** The request line and body as a failure report shows them, long texts shortened, odd characters escaped. */
    String describe() {
        StringBuilder text = new StringBuilder(method).append(' ').append(abbreviate(target(), 300));
        text.append(" key=").append(key == null ? "none" : key.length() > 24 ? key.substring(0, 20) + "..." : key);
        if (contentType != null) {
            text.append(" content-type=").append(contentType);
        }
        if (accept != null) {
            text.append(" accept=").append(accept);
        }
        if (declaredLength >= 0) {
            text.append(" content-length=").append(declaredLength);
        } else if (declaredLength == CHUNKED) {
            text.append(" chunked");
        }
        if (body != null) {
            byte[] bytes = body.bytes();
            text.append(" body(").append(bytes.length).append(" bytes)=");
            text.append(abbreviate(escape(new String(bytes, StandardCharsets.UTF_8)), 600));
        }
        return text.toString();
    }

    static String abbreviate(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max) + "...(" + text.length() + " chars)";
    }

    static String escape(String text) {
        StringBuilder out = new StringBuilder();
        text.codePoints().forEach(cp -> {
            if (cp < 0x20 || cp == 0x7f || (cp >= 0x80 && !Character.isLetterOrDigit(cp))) {
                out.append(cp > 0xFFFF ? String.format("\\u{%X}", cp) : String.format("\\u%04X", cp));
            } else {
                out.appendCodePoint(cp);
            }
        });
        return out.toString();
    }
}
