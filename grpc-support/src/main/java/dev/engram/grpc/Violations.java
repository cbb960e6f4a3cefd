package dev.engram.grpc;

import com.google.protobuf.Any;
import com.google.rpc.BadRequest;
import com.google.rpc.BadRequest.FieldViolation;
import com.google.rpc.Code;
import com.google.rpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What is wrong with a request, in the one form every service answers it: INVALID_ARGUMENT whose description
 * names each field ({@code field: reason; ...}), with a {@code google.rpc.BadRequest} detail that callers map
 * field by field. The declared rules are checked by {@link dev.engram.grpc.contract.ContractInterceptor}; a
 * service adds here what only it can judge (a cursor it cannot decode, a reranker it does not have).
 */
public final class Violations {

    private final List<FieldViolation> found = new ArrayList<>();

    public void add(String field, String message) {
        found.add(FieldViolation.newBuilder()
                .setField(field)
                .setDescription(message)
                .build());
    }

    /** Throws INVALID_ARGUMENT (a {@code StatusRuntimeException}) when anything was found. */
    public void throwIfAny() {
        if (!found.isEmpty()) {
            throw invalid(found);
        }
    }

    public static StatusRuntimeException invalid(List<FieldViolation> violations) {
        String description = violations.stream()
                .map(violation -> violation.getField() + ": " + violation.getDescription())
                .collect(Collectors.joining("; "));
        Status status = Status.newBuilder()
                .setCode(Code.INVALID_ARGUMENT_VALUE)
                .setMessage(description)
                .addDetails(Any.pack(BadRequest.newBuilder()
                        .addAllFieldViolations(violations)
                        .build()))
                .build();
        return StatusProto.toStatusRuntimeException(status);
    }
}
