package dev.engram.gateway.validation;

import dev.engram.gateway.model.FieldError;
import java.util.List;

/** The request breaks one or more rules; carries every broken rule, not just the first. */
public class InvalidRequestException extends RuntimeException {

    private final transient List<FieldError> errors;

    public InvalidRequestException(List<FieldError> errors) {
        super(
                (errors.size() == 1 ? "1 field is" : errors.size() + " fields are") + " invalid; see errors.",
                null,
                false,
                false);
        this.errors = List.copyOf(errors);
    }

    public List<FieldError> errors() {
        return errors;
    }
}
