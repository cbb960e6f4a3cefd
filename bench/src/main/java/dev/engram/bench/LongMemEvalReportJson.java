package dev.engram.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * The numbers of a LongMemEval run as JSON, named as the official evaluation names them
 * ({@code recall_any@5}, {@code recall_all@5}, {@code ndcg_any@5}) under {@code session} and {@code turn}.
 */
public final class LongMemEvalReportJson {

    private LongMemEvalReportJson() {}

    public static ObjectNode of(LongMemEvalReport report, ObjectMapper json) {
        ObjectNode root =
                ReportJson.run(json, report.runId(), report.startedAt(), report.wallSeconds(), report.platform());
        ObjectNode settings = root.putObject("settings");
        settings.put("dataset", "longmemeval");
        settings.put("data", report.dataFile());
        settings.put("top_k", report.topK());
        ReportJson.putExpand(settings, report.expand());
        settings.put("word_budget", RecallMetrics.WORD_BUDGET);
        settings.put("word_budget_rule", LongMemEvalReportWriter.BUDGET_RULE);
        settings.put("ndcg_rule", LongMemEvalMetrics.NDCG_RULE);
        LongMemEvalReport.DatasetSummary data = report.dataset();
        root.putObject("dataset")
                .put("questions_in_file", data.questionsInFile())
                .put("questions_read", data.questionsRead())
                .put("scored_questions", data.scoredQuestions())
                .put("abstention_not_scored", data.abstentionNotScored())
                .put("abstention_picked", data.abstentionPicked())
                .put("abstention_turns", data.abstentionTurns())
                .put("skipped_without_evidence", data.skippedWithoutEvidence())
                .put("sessions", data.sessions())
                .put("turns", data.turns())
                .put("turns_without_content_not_sent", data.blankTurnsNotSent());
        ObjectNode retrievers = root.putObject("retrieval");
        for (LongMemEvalResult result : report.retrievers()) {
            ObjectNode node = retrievers.putObject(result.name());
            if (result.cost() != null) {
                result.cost().putJson(node);
            }
            node.set("overall", scores(result.overall(), json));
            ObjectNode byType = node.putObject("by_type");
            result.byType().forEach((type, scores) -> byType.set(type, scores(scores, json)));
        }
        if (report.relevance() != null) {
            root.set("relevance", RelevanceReportWriter.json(report.relevance(), json));
        }
        ReportJson.putSpeed(root, report.ingest(), report.latency(), report.embedding(), report.speed());
        return root;
    }

    private static ObjectNode scores(LongMemEvalScores scores, ObjectMapper json) {
        ObjectNode node = json.createObjectNode();
        node.set("session", cutoffs(scores.sessions(), json));
        node.set("turn", cutoffs(scores.turns(), json));
        node.put("turn_recall@" + LongMemEvalMetrics.TURN_RECALL_CUTOFF, scores.turnRecallAt10());
        node.put("turn_recall@" + RecallMetrics.WORD_BUDGET + "w", scores.turnRecallWithinBudget());
        node.put("mean_ranked_turns", scores.rankedTurns());
        node.put("mean_ranked_sessions", scores.rankedSessions());
        node.put("n", scores.questions());
        node.put("short_lists", scores.shortLists());
        return node;
    }

    private static ObjectNode cutoffs(CutoffScores scores, ObjectMapper json) {
        ObjectNode node = json.createObjectNode();
        put(node, "recall_any@", scores.recallAny());
        put(node, "recall_all@", scores.recallAll());
        put(node, "ndcg_any@", scores.ndcg());
        return node;
    }

    private static void put(ObjectNode node, String prefix, List<Double> values) {
        for (int i = 0; i < values.size(); i++) {
            node.put(prefix + LongMemEvalMetrics.CUTOFFS.get(i), values.get(i));
        }
    }
}
