package dev.engram.bench;

import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Renders a LongMemEval run as markdown: one table per family of measures, each with the overall rows first
 * and then the rows of each question type; then ingest, latency and embedding speed.
 */
public final class LongMemEvalReportWriter {

    static final String OVERALL = "all";

    /** How the word budget is spent, as printed with the results. */
    static final String BUDGET_RULE = "turns are taken in rank order while the running total of their words"
            + " (whitespace-split words of \"<role>: <content>\") stays within " + RecallMetrics.WORD_BUDGET
            + "; the first turn that would exceed the budget ends the list and is not counted";

    private LongMemEvalReportWriter() {}

    public static String markdown(LongMemEvalReport report) {
        StringBuilder md = new StringBuilder();
        LongMemEvalReport.DatasetSummary data = report.dataset();
        md.append("# LongMemEval retrieval — ").append(report.runId()).append("\n\n");
        md.append(String.format(
                Locale.ROOT,
                "Dataset `%s`: %s%d of its %d questions%s, %d scored (%d abstention not scored: their haystacks,"
                        + " %d turns, are ingested and searched for the relevance measurement only; %d skipped"
                        + " without evidence); the scored questions' haystacks hold %d sessions and %d turns (%d"
                        + " turns without content not sent).%n",
                report.dataFile(),
                data.abstentionPicked() ? "" : "the first ",
                data.questionsRead(),
                data.questionsInFile(),
                data.abstentionPicked()
                        ? String.format(
                                Locale.ROOT,
                                " (the first %d abstention questions of the file and the first %d others)",
                                data.abstentionNotScored(),
                                data.questionsRead() - data.abstentionNotScored())
                        : "",
                data.scoredQuestions(),
                data.abstentionNotScored(),
                data.abstentionTurns(),
                data.skippedWithoutEvidence(),
                data.sessions(),
                data.turns(),
                data.blankTurnsNotSent()));
        md.append(String.format(
                Locale.ROOT,
                "Platform: %s. Engram search: top_k %d, expand_context %s, include [episodic]. Flat baselines"
                        + " rank the turns of the question's own haystack, indexed as \"<role>: <content>\"; all"
                        + " of them for dense, those sharing a term with the question for BM25.%n%n",
                report.platform(),
                report.topK(),
                report.expand() == null ? "not sent" : report.expand()));
        md.append("Evidence: the turns marked has_answer (either role) and the sessions of answer_session_ids."
                        + " Ranked sessions: the distinct sessions of the ranked turns, in order. ")
                .append(LongMemEvalMetrics.NDCG_RULE)
                .append(".\n");

        appendCutoffTable(
                md, report, "Sessions: recall_any@k", s -> s.sessions().recallAny());
        appendCutoffTable(
                md, report, "Sessions: recall_all@k", s -> s.sessions().recallAll());
        appendCutoffTable(md, report, "Sessions: NDCG@k", s -> s.sessions().ndcg());
        appendCutoffTable(md, report, "Turns: recall_any@k", s -> s.turns().recallAny());
        appendCutoffTable(md, report, "Turns: recall_all@k", s -> s.turns().recallAll());
        appendCutoffTable(md, report, "Turns: NDCG@k", s -> s.turns().ndcg());
        appendTurnRecall(md, report);
        if (report.relevance() != null) {
            md.append(RelevanceReportWriter.markdown(report.relevance()));
        }

        md.append(SearchCost.markdown(
                report.retrievers().stream().map(LongMemEvalResult::name).toList(),
                report.retrievers().stream().map(LongMemEvalResult::cost).toList()));
        ReportWriter.appendSpeed(md, report.ingest(), report.latency(), report.embedding(), report.speed());
        md.append(String.format(Locale.ROOT, "%nWall time of the run: %.0f s.%n", report.wallSeconds()));
        return md.toString();
    }

    private static void appendCutoffTable(
            StringBuilder md, LongMemEvalReport report, String title, Function<LongMemEvalScores, List<Double>> at) {
        md.append("\n## ").append(title).append("\n\n| type | retriever");
        StringBuilder rule = new StringBuilder("|---|---");
        for (int k : LongMemEvalMetrics.CUTOFFS) {
            md.append(" | @").append(k);
            rule.append("|---");
        }
        md.append(" | n |\n").append(rule).append("|---|\n");
        forEachRow(report, (type, retriever, scores) -> {
            md.append("| ").append(type).append(" | ").append(retriever);
            at.apply(scores).forEach(value -> md.append(String.format(Locale.ROOT, " | %.3f", value)));
            md.append(" | ").append(scores.questions()).append(" |\n");
        });
    }

    private static void appendTurnRecall(StringBuilder md, LongMemEvalReport report) {
        md.append("\n## Turns: share of the evidence turns retrieved\n\n");
        md.append(String.format(
                Locale.ROOT,
                "| type | retriever | R@%d | R@%dw | ranked turns | ranked sessions | n |%n"
                        + "|---|---|---|---|---|---|---|%n",
                LongMemEvalMetrics.TURN_RECALL_CUTOFF,
                RecallMetrics.WORD_BUDGET));
        forEachRow(
                report,
                (type, retriever, scores) -> md.append(String.format(
                        Locale.ROOT,
                        "| %s | %s | %.3f | %.3f | %.1f | %.1f | %d |%n",
                        type,
                        retriever,
                        scores.turnRecallAt10(),
                        scores.turnRecallWithinBudget(),
                        scores.rankedTurns(),
                        scores.rankedSessions(),
                        scores.questions())));
        md.append("\nRanked turns and sessions are the mean lengths of the ranked lists; where a list is shorter"
                        + " than k, the measures at k are capped by it. R@")
                .append(RecallMetrics.WORD_BUDGET)
                .append("w: ")
                .append(BUDGET_RULE)
                .append(".\nRanked lists shorter than the budget:");
        for (LongMemEvalResult result : report.retrievers()) {
            md.append(" ")
                    .append(result.name())
                    .append(" ")
                    .append(result.overall().shortLists())
                    .append(";");
        }
        md.setLength(md.length() - 1);
        md.append(".\n");
    }

    private interface Row {
        void append(String type, String retriever, LongMemEvalScores scores);
    }

    /** The overall rows, one per retriever, then the rows of each question type in name order. */
    private static void forEachRow(LongMemEvalReport report, Row row) {
        for (LongMemEvalResult result : report.retrievers()) {
            row.append(OVERALL, result.name(), result.overall());
        }
        TreeSet<String> types = new TreeSet<>();
        report.retrievers().forEach(result -> types.addAll(result.byType().keySet()));
        for (String type : types) {
            for (LongMemEvalResult result : report.retrievers()) {
                LongMemEvalScores scores = result.byType().get(type);
                if (scores != null) {
                    row.append(type, result.name(), scores);
                }
            }
        }
    }
}
