package dev.engram.bench;

import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/** Renders a run as markdown: the recall tables first, then ingest, latency and embedding speed. */
public final class ReportWriter {

    private ReportWriter() {}

    public static String markdown(BenchReport report) {
        StringBuilder md = new StringBuilder();
        BenchReport.DatasetSummary data = report.dataset();
        md.append("# LoCoMo evidence recall — ").append(report.runId()).append("\n\n");
        md.append(String.format(
                Locale.ROOT,
                "Dataset `%s`: %d conversations, %d sessions, %d turns; %d scored questions"
                        + " (%d adversarial not scored, asked for the relevance measurement only; %d skipped without"
                        + " valid evidence).%n",
                report.dataFile(),
                data.conversations(),
                data.sessions(),
                data.turns(),
                data.scoredQuestions(),
                data.excludedAdversarial(),
                data.skipped()));
        md.append(String.format(
                Locale.ROOT,
                "Platform: %s. Engram search: top_k %d, expand_context %s, include [episodic]."
                        + " Flat baselines rank %d turns, indexed as \"<speaker>: <content>\".%n%n",
                report.platform(),
                report.topK(),
                report.expand() == null ? "not sent" : report.expand(),
                report.baselineDepth()));

        md.append("## Recall, overall\n\n");
        md.append(header("retriever"));
        for (RetrieverResult result : report.retrievers()) {
            md.append(row(result.name(), result.overall()));
        }
        md.append("\n## Recall by category\n\n");
        md.append(header("category | retriever"));
        TreeSet<Integer> categories = new TreeSet<>();
        report.retrievers()
                .forEach(result -> categories.addAll(result.byCategory().keySet()));
        for (int category : categories) {
            for (RetrieverResult result : report.retrievers()) {
                RecallScores scores = result.byCategory().get(category);
                if (scores != null) {
                    md.append(row(category + " " + Categories.name(category) + " | " + result.name(), scores));
                }
            }
        }
        md.append("\nrecall@1000w: ").append(RecallMetrics.BUDGET_RULE).append(".\n");
        md.append("Ranked lists shorter than the budget:");
        for (RetrieverResult result : report.retrievers()) {
            md.append(" ")
                    .append(result.name())
                    .append(" ")
                    .append(result.overall().shortLists())
                    .append(";");
        }
        md.setLength(md.length() - 1);
        md.append(".\n");
        if (report.relevance() != null) {
            md.append(RelevanceReportWriter.markdown(report.relevance()));
        }
        md.append(SearchCost.markdown(
                report.retrievers().stream().map(RetrieverResult::name).toList(),
                report.retrievers().stream().map(RetrieverResult::cost).toList()));
        appendSpeed(md, report.ingest(), report.latency(), report.embedding(), report.speed());
        md.append(String.format(Locale.ROOT, "%nWall time of the run: %.0f s.%n", report.wallSeconds()));
        return md.toString();
    }

    /** The ingest, search latency and embedding throughput sections, each when it was measured. */
    static void appendSpeed(
            StringBuilder md,
            IngestResult ingest,
            LatencyResult latency,
            List<EmbeddingThroughput> embedding,
            SpeedResult speed) {
        if (ingest != null) {
            md.append("\n## Ingest\n\n");
            md.append(String.format(
                    Locale.ROOT,
                    "%d episodes in %d POST /v1/memories: accepted (durable) after %.1f s, searchable"
                            + " (pending = 0 for every user) after %.1f s: **%.1f episodes/s** end to end.%n",
                    ingest.episodes(),
                    ingest.requests(),
                    ingest.acceptedSeconds(),
                    ingest.searchableSeconds(),
                    ingest.episodesPerSecond()));
            if (ingest.reusedEpisodes() > 0) {
                md.append(String.format(
                        Locale.ROOT,
                        "%d more episodes were searched as an earlier run of this run id had stored them, not"
                                + " sent again; the speed above does not count them.%n",
                        ingest.reusedEpisodes()));
            }
        }
        if (latency != null) {
            md.append(String.format(
                    Locale.ROOT,
                    "%n## Search latency%n%nOne client, one search at a time, user_id + query + top_k %d"
                            + " (gateway defaults otherwise), after %d warm-up searches; HTTP round trip in ms.%n%n",
                    LatencyPass.TOP_K,
                    latency.warmUp()));
            md.append("| searches | mean | p50 | p95 | p99 | max |\n|---|---|---|---|---|---|\n");
            md.append(String.format(
                    Locale.ROOT,
                    "| %d | %.1f | %.1f | %.1f | %.1f | %.1f |%n",
                    latency.queries(),
                    latency.mean(),
                    latency.p50(),
                    latency.p95(),
                    latency.p99(),
                    latency.max()));
        }
        if (speed != null) {
            md.append(SpeedSection.markdown(speed));
        }
        if (!embedding.isEmpty()) {
            md.append("\n## Embedding throughput of the dense baselines (whole turns, in-process)\n\n");
            md.append("| model | turns | seconds | turns/s | one query (ms, mean) |\n|---|---|---|---|---|\n");
            for (EmbeddingThroughput model : embedding) {
                md.append(String.format(
                        Locale.ROOT,
                        "| %s | %d | %.1f | %.1f | %.1f |%n",
                        model.model(),
                        model.texts(),
                        model.seconds(),
                        model.textsPerSecond(),
                        model.queryMillisMean()));
            }
        }
    }

    private static String header(String label) {
        StringBuilder header = new StringBuilder("| ").append(label);
        StringBuilder rule = new StringBuilder("|---".repeat(label.split("\\|").length));
        for (int cutoff : RecallMetrics.CUTOFFS) {
            header.append(" | R@").append(cutoff);
            rule.append("|---");
        }
        header.append(" | R@").append(RecallMetrics.WORD_BUDGET).append("w | n |\n");
        rule.append("|---|---|\n");
        return header.append(rule).toString();
    }

    private static String row(String label, RecallScores scores) {
        StringBuilder row = new StringBuilder("| ").append(label);
        for (double recall : scores.atCutoffs()) {
            row.append(String.format(Locale.ROOT, " | %.3f", recall));
        }
        return row.append(String.format(Locale.ROOT, " | %.3f | %d |%n", scores.withinBudget(), scores.questions()))
                .toString();
    }
}
