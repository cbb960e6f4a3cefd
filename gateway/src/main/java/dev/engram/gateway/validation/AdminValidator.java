package dev.engram.gateway.validation;

import com.google.protobuf.Descriptors.FieldDescriptor;
import dev.engram.gateway.model.CreateApiKeyRequest;
import dev.engram.gateway.model.CreateProjectRequest;
import dev.engram.gateway.security.Scope;
import dev.engram.grpc.contract.Texts;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Checks the bodies and ids of the administration endpoints, which no service behind the gateway receives. A
 * project id becomes every request's {@code Scope.project}, so it keeps that field's rules; key ids the same.
 */
public final class AdminValidator {

    private static final FieldDescriptor PROJECT =
            dev.engram.proto.v1.Scope.getDescriptor().findFieldByName("project");
    private static final int MAX_NAME_CHARS = 200;

    private AdminValidator() {}

    public static void validateProject(CreateProjectRequest request) {
        FieldErrors errors = FieldErrors.forBody(request);
        errors.rules("id", request.id(), PROJECT);
        name(errors, request.name());
        errors.throwIfAny();
    }

    public static void validateKey(String project, CreateApiKeyRequest request) {
        FieldErrors errors = new FieldErrors();
        errors.rules("project_id", project, PROJECT);
        if (request == null) {
            errors.add("body", "a JSON object is required");
            errors.throwIfAny();
        }
        name(errors, request.name());
        List<String> scopes = request.scopes();
        if (scopes == null || scopes.isEmpty()) {
            errors.add("scopes", "is required: one or more of read, write, admin");
        } else {
            Set<String> seen = new HashSet<>();
            for (int i = 0; i < scopes.size(); i++) {
                String scope = scopes.get(i);
                if (scope == null || Scope.fromWireName(scope).isEmpty()) {
                    errors.add("scopes[" + i + "]", "must be one of read, write, admin");
                } else if (!seen.add(scope)) {
                    errors.add("scopes[" + i + "]", "is listed twice");
                }
            }
        }
        errors.throwIfAny();
    }

    public static void validateKeyId(String project, String keyId) {
        FieldErrors errors = new FieldErrors();
        errors.rules("project_id", project, PROJECT);
        errors.rules("key_id", keyId, PROJECT);
        errors.throwIfAny();
    }

    /** A project id as a query parameter: may be absent when not {@code required}. */
    public static void validateProjectId(String field, String project, boolean required) {
        FieldErrors errors = new FieldErrors();
        if (project != null || required) {
            errors.rules(field, project, PROJECT);
        }
        errors.throwIfAny();
    }

    /** An optional name that, when given, must say something. */
    private static void name(FieldErrors errors, String name) {
        if (name == null) {
            return;
        }
        String problem = Texts.encodingProblem(name);
        if (name.isBlank()) {
            errors.add("name", "must not be empty");
        } else if (problem != null) {
            errors.add("name", problem);
        } else if (name.codePointCount(0, name.length()) > MAX_NAME_CHARS) {
            errors.add("name", "must be at most " + MAX_NAME_CHARS + " characters");
        }
    }
}
