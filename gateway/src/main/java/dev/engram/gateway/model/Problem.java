package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/** An error as {@code application/problem+json} (RFC 9457); {@code errors} only for invalid input. */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record Problem(String type, String title, int status, String detail, List<FieldError> errors) {

    public static final String MEDIA_TYPE = "application/problem+json";
}
