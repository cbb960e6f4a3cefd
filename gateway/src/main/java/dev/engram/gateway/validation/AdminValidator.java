package dev.engram.gateway.validation;

import dev.engram.gateway.model.CreateApiKeyRequest;
import dev.engram.gateway.model.CreateProjectRequest;
import dev.engram.gateway.security.Scope;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Checks the bodies and ids of the administration endpoints. */
@ApplicationScoped
public class AdminValidator {

    private static final int MAX_NAME_CHARS = 200;

    public void validateProject(CreateProjectRequest request) {
        FieldErrors errors = new FieldErrors();
        if (request == null) {
            errors.add("body", "a JSON object is required");
            errors.throwIfAny();
        }
        errors.id("id", request.id(), true);
        errors.optionalText("name", request.name(), MAX_NAME_CHARS);
        errors.throwIfAny();
    }

    public void validateKey(String project, CreateApiKeyRequest request) {
        FieldErrors errors = new FieldErrors();
        errors.id("project_id", project, true);
        if (request == null) {
            errors.add("body", "a JSON object is required");
            errors.throwIfAny();
        }
        errors.optionalText("name", request.name(), MAX_NAME_CHARS);
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

    public void validateKeyId(String project, String keyId) {
        FieldErrors errors = new FieldErrors();
        errors.id("project_id", project, true);
        errors.id("key_id", keyId, true);
        errors.throwIfAny();
    }

    public void validateProjectId(String field, String project, boolean required) {
        FieldErrors errors = new FieldErrors();
        errors.id(field, project, required);
        errors.throwIfAny();
    }
}
