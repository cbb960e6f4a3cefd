package dev.engram.bench.load;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.bench.LatencyResult;
import java.util.Map;

/** The numbers of a load run as JSON, with stable snake_case names for scripts that compare runs. */
public final class LoadReportJson {

    private LoadReportJson() {}

    public static ObjectNode of(LoadReport report, ObjectMapper json) {
        ObjectNode root = json.createObjectNode();
        root.put("run_id", report.runId());
        root.put("started_at", report.startedAt().toString());
        root.put("command", report.command());
        root.put("passed", report.passed());
        ArrayNode failures = root.putArray("failures");
        report.failures().forEach(failures::add);
        LoadOptions options = report.options();
        ObjectNode settings = root.putObject("settings");
        settings.put("gateway", options.gateway())
                .put("api_key_sent", options.apiKey() != null)
                .put("clients", options.clients())
                .put("duration_seconds", options.duration().toMillis() / 1000.0)
                .put("add_ratio", options.addRatio())
                .put("batch", options.batch())
                .put("users_per_client", options.usersPerClient())
                .put("top_k", ClientWorkload.TOP_K)
                .put("text", report.text())
                .put("seed", options.seed())
                .put("settle_seconds", options.settle().toMillis() / 1000.0);
        ArrayNode rates = settings.putArray("rates");
        options.rates().forEach(rates::add);
        ArrayNode phases = root.putArray("open_loop");
        for (LoadReport.PhaseSummary phase : report.phaseSummaries()) {
            ObjectNode row = phases.addObject()
                    .put("offered_per_second", phase.offered())
                    .put("sent_per_second", phase.achieved())
                    .put("late_starts", phase.lateStarts());
            row.set("add", operation(phase.adds(), json));
            row.set("search", operation(phase.searches(), json));
            ObjectNode cpu = row.putObject("cpu_ms_per_request");
            phase.cpuMsPerRequest().forEach(cpu::put);
        }
        root.put("elapsed_seconds", report.load().seconds());
        ObjectNode operations = root.putObject("operations");
        for (OperationSummary operation : report.operations()) {
            operations.set(operation.kind(), operation(operation, json));
        }
        ArrayNode errors = root.putArray("errors");
        for (Map.Entry<ErrorCounts.Key, Long> row : report.errors().byCause().entrySet()) {
            errors.addObject()
                    .put("kind", row.getKey().kind().label())
                    .put("cause", row.getKey().cause())
                    .put("count", row.getValue());
        }
        root.put("errors_total", report.errors().total());
        IndexingOutcome indexing = report.indexing();
        ObjectNode episodes = root.putObject("episodes")
                .put("sent", report.load().tally().episodesSent())
                .put("accepted", indexing.accepted())
                .put("not_created", report.load().tally().episodesNotCreated())
                .put("stored", indexing.stored())
                .put("indexed", indexing.indexed())
                .put("pending", indexing.pending())
                .put("missing", indexing.missing())
                .put("users", indexing.users())
                .put("users_unread", indexing.usersUnread());
        ArrayNode usersShort = episodes.putArray("users_short");
        indexing.usersShort().forEach(usersShort::add);
        ObjectNode catchUp = root.putObject("indexing").put("caught_up", indexing.caughtUp());
        if (indexing.caughtUp()) {
            catchUp.put("catch_up_seconds", indexing.seconds());
        } else {
            catchUp.putNull("catch_up_seconds").put("waited_seconds", indexing.seconds());
        }
        return root;
    }

    private static ObjectNode operation(OperationSummary operation, ObjectMapper json) {
        LatencyResult latency = operation.latency();
        ObjectNode node = json.createObjectNode()
                .put("requests", operation.requests())
                .put("succeeded", operation.succeeded())
                .put("errors", operation.errors())
                .put("per_second", operation.perSecond());
        node.putObject("latency_ms")
                .put("count", latency.queries())
                .put("mean", latency.mean())
                .put("p50", latency.p50())
                .put("p95", latency.p95())
                .put("p99", latency.p99())
                .put("max", latency.max());
        return node;
    }
}
