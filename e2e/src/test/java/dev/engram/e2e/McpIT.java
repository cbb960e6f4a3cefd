package dev.engram.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.McpHttpClientTransportAuthorizationException;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The gateway's MCP server through the protocol's own Java client, over streamable HTTP: the tools an agent
 * sees, each tool called against the running platform, the REST API's problems for bad input, and the same
 * boundaries as the REST API (the API key's project and scopes, the user).
 */
@ExtendWith(RunningPlatform.class)
class McpIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String USER = "maya";

    @Test
    void an_agent_adds_searches_reads_and_deletes_memory_through_the_tools() throws Exception {
        RunningPlatform platform = RunningPlatform.get();
        RunningPlatform.Tenant tenant = platform.tenant("mcp");
        String key = platform.admin().createKey(tenant.project());
        try (McpSyncClient mcp = connect(platform.gatewayUrl(), key)) {
            McpSchema.InitializeResult initialized = mcp.initialize();
            assertThat(initialized.serverInfo().name()).isEqualTo("engram");

            List<McpSchema.Tool> tools = mcp.listTools().tools();
            assertThat(tools)
                    .extracting(McpSchema.Tool::name)
                    .contains(
                            "add_memory",
                            "search_memory",
                            "get_short_term",
                            "get_profile",
                            "list_episodes",
                            "update_memory",
                            "delete_memory");
            assertThat(tools).allSatisfy(tool -> {
                assertThat(tool.description()).hasSizeGreaterThan(40);
                assertThat(tool.inputSchema().required()).contains("user_id");
            });

            JsonNode added = ok(call(
                    mcp,
                    "add_memory",
                    Map.of(
                            "user_id",
                            USER,
                            "session_id",
                            "chat-1",
                            "messages",
                            List.of(
                                    message("m1", "Maya", "My sister Ines moved to Porto last spring."),
                                    message("m2", "assistant", "Porto is lovely. Does she like it there?"),
                                    message("m3", "Maya", "She loves it, she teaches piano near the river.")),
                            "wait_indexed",
                            true)));
            assertThat(added.findValuesAsText("status")).containsExactly("created", "created", "created");
            assertThat(added.has("pending")).as("searchable when answered").isFalse();

            JsonNode found =
                    ok(call(mcp, "search_memory", Map.of("user_id", USER, "query", "Where does Maya's sister live?")));
            assertThat(found.path("context").asText()).contains("Porto");
            assertThat(found.path("episode_ids").toString()).contains("m1");

            JsonNode shortTerm = ok(call(mcp, "get_short_term", Map.of("user_id", USER, "session_id", "chat-1")));
            assertThat(shortTerm.toString()).contains("teaches piano");
            assertThat(ok(call(mcp, "get_profile", Map.of("user_id", USER))).isObject())
                    .isTrue();
            JsonNode listed = ok(call(mcp, "list_episodes", Map.of("user_id", USER, "limit", 2)));
            assertThat(listed.findValuesAsText("id")).containsExactly("m1", "m2");

            JsonNode corrected = ok(call(
                    mcp,
                    "update_memory",
                    Map.of(
                            "user_id",
                            USER,
                            "episode_id",
                            "m1",
                            "content",
                            "My sister Ines moved to Braga last spring.",
                            "wait_indexed",
                            true)));
            assertThat(corrected.path("status").asText()).isEqualTo("updated");
            assertThat(ok(call(
                                    mcp,
                                    "search_memory",
                                    Map.of("user_id", USER, "query", "Where does Maya's sister live?")))
                            .path("context")
                            .asText())
                    .contains("Braga")
                    .doesNotContain("moved to Porto");
            JsonNode blank =
                    problem(call(mcp, "update_memory", Map.of("user_id", USER, "episode_id", "m1", "content", " ")));
            assertThat(blank.findValuesAsText("field")).containsExactly("content");

            JsonNode deleted = ok(call(mcp, "delete_memory", Map.of("user_id", USER, "episode_id", "m3")));
            assertThat(deleted.path("status").asText()).isIn("complete", "pending");
            assertThat(ok(call(mcp, "list_episodes", Map.of("user_id", USER))).findValuesAsText("id"))
                    .containsExactly("m1", "m2");
        }
    }

    @Test
    void bad_input_is_a_tool_error_naming_the_field_and_nothing_is_half_written() throws Exception {
        RunningPlatform platform = RunningPlatform.get();
        RunningPlatform.Tenant tenant = platform.tenant("mcp-bad");
        try (McpSyncClient mcp = connect(platform.gatewayUrl(), platform.admin().createKey(tenant.project()))) {
            mcp.initialize();

            JsonNode tooMany =
                    problem(call(mcp, "search_memory", Map.of("user_id", USER, "query", "anything", "top_k", 0)));
            assertThat(tooMany.path("status").asInt()).isEqualTo(400);
            assertThat(tooMany.findValuesAsText("field")).contains("top_k");

            JsonNode empty = problem(call(
                    mcp,
                    "add_memory",
                    Map.of(
                            "user_id",
                            USER,
                            "session_id",
                            "chat-1",
                            "messages",
                            List.of(message("ok", "Maya", "This one is fine."), message("bad", "Maya", "")))));
            assertThat(empty.path("status").asInt()).isEqualTo(400);
            assertThat(empty.findValuesAsText("field"))
                    .anySatisfy(field -> assertThat(field).contains("content"));
            assertThat(tenant.gateway().status(USER).getLong("stored"))
                    .as("the valid message of a refused batch is not stored")
                    .isZero();

            JsonNode unnamed = problem(call(mcp, "delete_memory", Map.of("user_id", USER)));
            assertThat(unnamed.path("status").asInt()).isEqualTo(400);
            assertThat(unnamed.toString()).contains("exactly one");
        }
    }

    @Test
    void the_key_decides_the_project_and_what_may_be_done_and_the_user_bounds_every_call() throws Exception {
        RunningPlatform platform = RunningPlatform.get();
        RunningPlatform.Tenant mine = platform.tenant("mcp-mine");
        RunningPlatform.Tenant theirs = platform.tenant("mcp-theirs");
        mine.gateway()
                .add(Map.of(
                        "user_id",
                        USER,
                        "session_id",
                        "chat-1",
                        "episodes",
                        List.of(Map.of("id", "x1", "content", "My locker code is 4417."))));
        mine.gateway().awaitIndexed(USER, Duration.ofSeconds(60));

        try (McpSyncClient other =
                connect(platform.gatewayUrl(), platform.admin().createKey(theirs.project()))) {
            other.initialize();
            JsonNode found =
                    ok(call(other, "search_memory", Map.of("user_id", USER, "query", "What is the locker code?")));
            assertThat(found.toString()).doesNotContain("4417");
        }
        try (McpSyncClient readOnly =
                connect(platform.gatewayUrl(), platform.admin().createKey(mine.project(), "read"))) {
            readOnly.initialize();
            assertThat(ok(call(readOnly, "search_memory", Map.of("user_id", USER, "query", "locker code")))
                            .path("context")
                            .asText())
                    .contains("4417");
            assertThat(ok(call(readOnly, "search_memory", Map.of("user_id", "someone-else", "query", "locker code")))
                            .toString())
                    .as("another user of the same project")
                    .doesNotContain("4417");
            JsonNode refused = problem(call(readOnly, "delete_memory", Map.of("user_id", USER, "all", true)));
            assertThat(refused.path("status").asInt()).isEqualTo(403);
        }
        try (McpSyncClient writeOnly =
                connect(platform.gatewayUrl(), platform.admin().createKey(mine.project(), "write"))) {
            writeOnly.initialize();
            ok(call(
                    writeOnly,
                    "add_memory",
                    Map.of(
                            "user_id",
                            "writer",
                            "session_id",
                            "chat-1",
                            "messages",
                            List.of(message("w1", "Wendy", "A write-only key may add.")))));
            assertThat(problem(call(writeOnly, "search_memory", Map.of("user_id", "writer", "query", "add")))
                            .path("status")
                            .asInt())
                    .isEqualTo(403);
        }
        assertThat(mine.gateway().status(USER).getLong("stored")).isEqualTo(1);
        try (McpSyncClient stranger = connect(platform.gatewayUrl(), "egk_not-a-key")) {
            assertThatThrownBy(stranger::initialize)
                    .hasRootCauseInstanceOf(McpHttpClientTransportAuthorizationException.class);
        }
    }

    private static McpSyncClient connect(String gatewayUrl, String key) {
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(gatewayUrl)
                .endpoint("/mcp")
                .customizeRequest(request -> request.header("Authorization", "Bearer " + key))
                .build();
        return McpClient.sync(transport).requestTimeout(Duration.ofSeconds(60)).build();
    }

    private static CallToolResult call(McpSyncClient mcp, String tool, Map<String, Object> arguments) {
        return mcp.callTool(new McpSchema.CallToolRequest(tool, arguments));
    }

    private static int minute;

    /** A message said a minute after the one before. */
    private static Map<String, Object> message(String id, String speaker, String content) {
        minute++;
        return Map.of(
                "id",
                id,
                "speaker",
                speaker,
                "content",
                content,
                "timestamp",
                "2026-03-14T18:%02d:00Z".formatted(minute % 60));
    }

    private static JsonNode ok(CallToolResult result) throws Exception {
        assertThat(result.isError()).as("tool error: %s", text(result)).isNotEqualTo(Boolean.TRUE);
        return JSON.readTree(text(result));
    }

    private static JsonNode problem(CallToolResult result) throws Exception {
        assertThat(result.isError()).as("a tool error: %s", text(result)).isTrue();
        return JSON.readTree(text(result));
    }

    private static String text(CallToolResult result) {
        return ((McpSchema.TextContent) result.content().get(0)).text();
    }
}
