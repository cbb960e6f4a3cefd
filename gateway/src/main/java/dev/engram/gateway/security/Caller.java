package dev.engram.gateway.security;

import java.util.EnumSet;
import java.util.Set;

/**
 * Who made a request: the project every memory it touches belongs to, the key it used and that key's scopes.
 * The bootstrap administrator has no project of its own ({@code project} is null) and may manage any.
 *
 * @param project the tenant, from the key and never from the request body
 * @param keyId the API key's public id; {@code admin} for the bootstrap key, null when authentication is off
 */
public record Caller(String project, String keyId, Set<Scope> scopes, boolean superAdmin) {

    public static final String BOOTSTRAP_KEY_ID = "admin";

    /** Every request while authentication is off: full rights over the one configured project. */
    public static Caller unauthenticated(String project) {
        return new Caller(project, null, EnumSet.allOf(Scope.class), false);
    }

    public static Caller bootstrapAdmin() {
        return new Caller(null, BOOTSTRAP_KEY_ID, EnumSet.of(Scope.ADMIN), true);
    }

    public boolean has(Scope scope) {
        return scopes.contains(scope);
    }

    /** Whether this caller may administer the given project: the bootstrap key any, a project's admin key its own. */
    public boolean administers(String otherProject) {
        return superAdmin || (has(Scope.ADMIN) && project != null && project.equals(otherProject));
    }
}
