package dev.engram.gateway.api;

import dev.engram.gateway.model.FieldError;
import dev.engram.gateway.model.Problem;
import java.util.List;
import org.jboss.resteasy.reactive.RestResponse;

/** Builds {@code application/problem+json} answers; one problem type per kind of failure. */
public final class Problems {

    private static final String TYPE_PREFIX = "urn:engram:problem:";

    private Problems() {}

    public static RestResponse<Problem> of(int status, String type, String title, String detail) {
        return of(status, type, title, detail, List.of());
    }

    static RestResponse<Problem> of(int status, String type, String title, String detail, List<FieldError> errors) {
        Problem problem = new Problem(TYPE_PREFIX + type, title, status, detail, errors);
        return RestResponse.ResponseBuilder.<Problem>create(status)
                .entity(problem)
                .type(Problem.MEDIA_TYPE)
                .build();
    }

    static RestResponse<Problem> invalid(String detail, List<FieldError> errors) {
        return of(400, "invalid-request", "Invalid request", detail, errors);
    }

    /** The generic problem of an HTTP status the API gives no more specific meaning to. */
    static RestResponse<Problem> forStatus(int status) {
        return switch (status) {
            case 404 -> of(404, "not-found", "Not Found", "No resource at this path.");
            case 405 -> of(405, "method-not-allowed", "Method Not Allowed", "This path does not accept this method.");
            case 406 -> of(406, "not-acceptable", "Not Acceptable", "Responses are application/json.");
            case 413 ->
                of(
                        413,
                        "payload-too-large",
                        "Payload Too Large",
                        "The request body exceeds the size this server accepts.");
            case 415 ->
                of(415, "unsupported-media-type", "Unsupported Media Type", "Request bodies must be application/json.");
            default ->
                status >= 500
                        ? of(status, "internal-error", "Internal Server Error", "The request could not be completed.")
                        : of(status, "http-" + status, "HTTP " + status, "The request was not accepted.");
        };
    }
}
