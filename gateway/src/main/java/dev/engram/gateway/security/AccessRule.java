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
    /** Who the caller is: any valid key may ask, whatever its scopes. */
    private static final String CALLER_PATH = "/v1/me";

    private AccessRule() {}

    /**
     * Whether the caller may make the request at all: the scope it needs, or for the MCP endpoint either
     * reading or writing (each tool checks the one it needs, so a write-only key can still add memories).
     */
    public static boolean permits(Caller caller, String method, String path) {
        if (path.equals(CALLER_PATH)) {
            return true;
        }
        if (isMcp(path)) {
            return caller.has(Scope.READ) || caller.has(Scope.WRITE);
        }
        return caller.has(requiredScope(method, path));
    }

    private static boolean isMcp(String path) {
        return path.equals(MCP_PATH) || path.startsWith(MCP_PATH + "/");
    }

    public static Scope requiredScope(String method, String path) {
        if (path.startsWith(ADMIN_PATHS) || path.equals("/v1/admin")) {
            return Scope.ADMIN;
        }
        // Every MCP message is a POST; the tools that change memory check for writing themselves.
        if (isMcp(path)) {
            return Scope.READ;
        }
        if ("GET".equals(method) || "HEAD".equals(method) || SEARCH_PATH.equals(path)) {
            return Scope.READ;
        }
        return Scope.WRITE;
    }
}
