package dev.engram.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.List;

/** The numbers of a run as JSON, with stable snake_case names for scripts that compare runs. */
public final class ReportJson {

    private ReportJson() {}

    public static ObjectNode of(BenchReport report, ObjectMapper json) {
        ObjectNode root = run(json, report.runId(), report.startedAt(), report.wallSeconds(), report.platform());
        ObjectNode settings = root.putObject("settings");
        settings.put("data", report.dataFile());
        settings.put("top_k", report.topK());
        putExpand(settings, report.expand());
        settings.put("baseline_depth", report.baselineDepth());
        settings.put("word_budget", RecallMetrics.WORD_BUDGET);
        settings.put("word_budget_rule", RecallMetrics.BUDGET_RULE);
        BenchReport.DatasetSummary data = report.dataset();
        root.putObject("dataset")
                .put("conversations", data.conversations())
                .put("sessions", data.sessions())
                .put("turns", data.turns())
                .put("scored_questions", data.scoredQuestions())
                .put("adversarial_not_scored", data.excludedAdversarial())
                .put("skipped_without_evidence", data.skipped());
        ObjectNode retrievers = root.putObject("recall");
        for (RetrieverResult result : report.retrievers()) {
            ObjectNode node = retrievers.putObject(result.name());
            if (result.cost() != null) {
                result.cost().putJson(node);
            }
            node.set("overall", scores(result.overall(), json));
            ObjectNode byCategory = node.putObject("by_category");
            result.byCategory()
                    .forEach((category, scores) ->
                            byCategory.set(category + "-" + Categories.name(category), scores(scores, json)));
        }
        if (report.relevance() != null) {
            root.set("relevance", RelevanceReportWriter.json(report.relevance(), json));
        }
        putSpeed(root, report.ingest(), report.latency(), report.embedding(), report.speed());
        return root;
    }

    /** The ingest, search latency and embedding throughput objects, each when it was measured. */
    /** What names a run: its id, when it started, how long it took and where it ran. */
    static ObjectNode run(ObjectMapper json, String runId, Instant startedAt, double wallSeconds, String platform) {
        ObjectNode root = json.createObjectNode();
        root.put("run_id", runId);
        root.put("started_at", startedAt.toString());
        root.put("wall_seconds", wallSeconds);
        root.put("platform", platform);
        return root;
    }

    /** The quality pass's expand_context, when it sent one. */
    static void putExpand(ObjectNode settings, ExpandContext expand) {
        if (expand == null) {
            return;
        }
        ObjectNode node = settings.putObject("expand_context")
                .put("before", expand.before())
                .put("after", expand.after());
        if (expand.neighbours() != null) {
            node.put("neighbours", expand.neighbours());
        }
    }

    static void putSpeed(
            ObjectNode root,
            IngestResult ingest,
            LatencyResult latency,
            List<EmbeddingThroughput> embedding,
            SpeedResult speed) {
        if (ingest != null) {
            root.putObject("ingest")
                    .put("episodes", ingest.episodes())
                    .put("requests", ingest.requests())
                    .put("accepted_seconds", ingest.acceptedSeconds())
                    .put("searchable_seconds", ingest.searchableSeconds())
                    .put("episodes_per_second", ingest.episodesPerSecond())
                    .put("reused_episodes", ingest.reusedEpisodes());
        }
        if (latency != null) {
            root.putObject("latency_ms")
                    .put("searches", latency.queries())
                    .put("warm_up", latency.warmUp())
                    .put("top_k", LatencyPass.TOP_K)
                    .put("mean", latency.mean())
                    .put("p50", latency.p50())
                    .put("p95", latency.p95())
                    .put("p99", latency.p99())
                    .put("max", latency.max());
        }
        if (speed != null) {
            root.set("speed", SpeedSection.json(speed, root));
        }
        ObjectNode models = root.putObject("embedding");
        for (EmbeddingThroughput model : embedding) {
            models.putObject(model.model())
                    .put("turns", model.texts())
                    .put("seconds", model.seconds())
                    .put("turns_per_second", model.textsPerSecond())
                    .put("queries", model.queries())
                    .put("query_ms_mean", model.queryMillisMean());
        }
    }

    private static ObjectNode scores(RecallScores scores, ObjectMapper json) {
        ObjectNode node = json.createObjectNode();
        for (int cutoff : RecallMetrics.CUTOFFS) {
            node.put("r@" + cutoff, scores.at(cutoff));
        }
        node.put("r@" + RecallMetrics.WORD_BUDGET + "w", scores.withinBudget());
        node.put("n", scores.questions());
        node.put("short_lists", scores.shortLists());
        return node;
    }
}
