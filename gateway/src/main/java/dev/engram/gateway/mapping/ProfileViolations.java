package dev.engram.gateway.mapping;

import com.google.protobuf.Any;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.rpc.BadRequest;
import com.google.rpc.Code;
import com.google.rpc.Status;
import io.grpc.protobuf.StatusProto;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * profile-service names bad fields after its proto ({@code entry.valid_from}, {@code scope.user_id}); the
 * caller of the gateway knows them as {@code valid_from} and {@code user_id}. A PUT whose new version would
 * start before the current one is such a rejection the gateway cannot see coming.
 */
public final class ProfileViolations {

    private ProfileViolations() {}

    /** The failure with its field violations renamed to the API's fields; any other failure as it was. */
    public static Throwable inApiTerms(Throwable failure) {
        Status status = StatusProto.fromThrowable(failure);
        if (status == null || status.getCode() != Code.INVALID_ARGUMENT_VALUE) {
            return failure;
        }
        List<BadRequest.FieldViolation> renamed = new ArrayList<>();
        Status.Builder rebuilt = status.toBuilder().clearDetails();
        for (Any detail : status.getDetailsList()) {
            if (!detail.is(BadRequest.class)) {
                rebuilt.addDetails(detail);
                continue;
            }
            try {
                for (BadRequest.FieldViolation violation :
                        detail.unpack(BadRequest.class).getFieldViolationsList()) {
                    renamed.add(violation.toBuilder()
                            .setField(apiField(violation.getField()))
                            .build());
                }
            } catch (InvalidProtocolBufferException e) {
                return failure;
            }
        }
        if (renamed.isEmpty()) {
            return failure;
        }
        rebuilt.addDetails(
                Any.pack(BadRequest.newBuilder().addAllFieldViolations(renamed).build()));
        rebuilt.setMessage(renamed.stream()
                .map(violation -> violation.getField() + ": " + violation.getDescription())
                .collect(Collectors.joining("; ")));
        return StatusProto.toStatusRuntimeException(rebuilt.build());
    }

    static String apiField(String field) {
        if (field.equals("entry.id")) {
            return "entry_id";
        }
        if (field.startsWith("entry.")) {
            return field.substring("entry.".length());
        }
        if (field.startsWith("scope.")) {
            return field.substring("scope.".length());
        }
        return field;
    }
}
