package dev.engram.gateway.security;

/**
 * The scope each request needs, from its method and path: administration under {@code /v1/admin}, reading for
 * GET and for search (a POST that changes nothing) and for the MCP endpoint (whose writing tools check on their
 * own), writing for every other change.
 */
public final class AccessRule {

    private static final String ADMIN_PATHS = "/v1/admin/";
    private static final String SEARCH_PATH = "/v1/memories/search";
    private static final String MCP_PATH = "/mcp";

    private AccessRule() {}

    public static Scope requiredScope(String method, String path) {
        if (path.startsWith(ADMIN_PATHS) || path.equals("/v1/admin")) {
            return Scope.ADMIN;
        }
        // Every MCP message is a POST; the tools that change memory check for writing themselves.
        if (path.equals(MCP_PATH) || path.startsWith(MCP_PATH + "/")) {
            return Scope.READ;
        }
        if ("GET".equals(method) || "HEAD".equals(method) || SEARCH_PATH.equals(path)) {
            return Scope.READ;
        }
        return Scope.WRITE;
    }
}
