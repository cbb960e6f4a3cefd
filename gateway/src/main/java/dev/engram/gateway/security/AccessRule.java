package dev.engram.gateway.security;

/**
 * The scope each request needs, from its method and path: administration under {@code /v1/admin}, reading for
 * GET and for search (a POST that changes nothing), writing for every other change.
 */
public final class AccessRule {

    private static final String ADMIN_PATHS = "/v1/admin/";
    private static final String SEARCH_PATH = "/v1/memories/search";

    private AccessRule() {}

    public static Scope requiredScope(String method, String path) {
        if (path.startsWith(ADMIN_PATHS) || path.equals("/v1/admin")) {
            return Scope.ADMIN;
        }
        if ("GET".equals(method) || "HEAD".equals(method) || SEARCH_PATH.equals(path)) {
            return Scope.READ;
        }
        return Scope.WRITE;
    }
}
