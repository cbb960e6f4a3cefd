package dev.engram.gateway.service;

/** A request that is well-formed but cannot be served as asked: not found, conflicting, or not allowed. */
public class RequestRefusedException extends RuntimeException {

    private final int status;
    private final String type;
    private final String title;

    private RequestRefusedException(int status, String type, String title, String detail) {
        super(detail, null, false, false);
        this.status = status;
        this.type = type;
        this.title = title;
    }

    public static RequestRefusedException notFound(String detail) {
        return new RequestRefusedException(404, "not-found", "Not Found", detail);
    }

    public static RequestRefusedException conflict(String detail) {
        return new RequestRefusedException(409, "conflict", "Conflict", detail);
    }

    public static RequestRefusedException forbidden(String detail) {
        return new RequestRefusedException(403, "forbidden", "Forbidden", detail);
    }

    public int status() {
        return status;
    }

    public String type() {
        return type;
    }

    public String title() {
        return title;
    }
}
