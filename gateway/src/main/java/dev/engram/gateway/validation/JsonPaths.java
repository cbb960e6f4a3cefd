package dev.engram.gateway.validation;

import com.google.protobuf.Any;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.rpc.BadRequest;
import com.google.rpc.BadRequest.FieldViolation;
import com.google.rpc.Code;
import com.google.rpc.Status;
import io.grpc.protobuf.StatusProto;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Where the fields of a downstream request sit in the JSON the caller of the gateway sent: the scope's fields
 * are top-level ({@code scope.user_id} is {@code user_id}), a search's {@code before} is
 * {@code expand_context.before}, and so on. Paths not renamed are the same in both, JSON names being the
 * proto's snake_case names.
 */
public record JsonPaths(List<Rename> renames) {

    /** A proto path, or the start of one, and where it sits in the JSON. */
    public record Rename(String proto, String json) {}

    /** Requests whose only nesting is their scope, whose fields are top-level or in the URL. */
    public static final JsonPaths SCOPED = scoped();

    /** {@code POST /v1/memories/search}. */
    public static final JsonPaths SEARCH = scoped(
            new Rename("before", "expand_context.before"),
            new Rename("after", "expand_context.after"),
            new Rename("neighbours", "expand_context.neighbours"),
            new Rename("filter.time_range.from", "filter.from"),
            new Rename("filter.time_range.to", "filter.to"));

    /** {@code PUT /v1/users/{user_id}/profile/{entry_id}}: the entry is the body, its id in the path. */
    public static final JsonPaths PROFILE_ENTRY = scoped(new Rename("entry.id", "entry_id"), new Rename("entry.", ""));

    /** {@code PATCH /v1/memories/episodes/{episode_id}}: the change is the body, its metadata a plain object. */
    public static final JsonPaths EPISODE_CHANGE =
            scoped(new Rename("change.metadata.entries", "metadata"), new Rename("change.", ""));

    private static JsonPaths scoped(Rename... more) {
        List<Rename> renames = new ArrayList<>();
        for (String field : List.of("project", "user_id", "agent_id", "session_id")) {
            renames.add(new Rename("scope." + field, field));
        }
        renames.addAll(List.of(more));
        return new JsonPaths(List.copyOf(renames));
    }

    public String toJson(String protoPath) {
        return rename(protoPath, true).orElse(protoPath);
    }

    /** The proto path of a JSON path; the JSON path itself when not renamed. */
    public String toProto(String jsonPath) {
        return rename(jsonPath, false).orElse(jsonPath);
    }

    private Optional<String> rename(String path, boolean toJson) {
        for (Rename rename : renames) {
            String from = toJson ? rename.proto() : rename.json();
            String to = toJson ? rename.json() : rename.proto();
            if (!from.isEmpty() && startsWith(path, from)) {
                return Optional.of(to + path.substring(from.length()));
            }
        }
        return Optional.empty();
    }

    /** {@code after} starts {@code after} and {@code after[2]}, not {@code aftermath}. */
    private static boolean startsWith(String path, String prefix) {
        return path.startsWith(prefix)
                && (prefix.endsWith(".")
                        || path.length() == prefix.length()
                        || ".[".indexOf(path.charAt(prefix.length())) >= 0);
    }

    /**
     * A downstream INVALID_ARGUMENT with its field violations named as the caller knows them (a PUT whose new
     * version would start before the current one is such a rejection the gateway cannot see coming); any other
     * failure as it was.
     */
    public Throwable inApiTerms(Throwable failure) {
        Status status = StatusProto.fromThrowable(failure);
        if (status == null || status.getCode() != Code.INVALID_ARGUMENT_VALUE) {
            return failure;
        }
        List<FieldViolation> renamed = new ArrayList<>();
        Status.Builder rebuilt = status.toBuilder().clearDetails();
        for (Any detail : status.getDetailsList()) {
            if (!detail.is(BadRequest.class)) {
                rebuilt.addDetails(detail);
                continue;
            }
            try {
                for (FieldViolation violation : detail.unpack(BadRequest.class).getFieldViolationsList()) {
                    renamed.add(violation.toBuilder()
                            .setField(toJson(violation.getField()))
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
}
