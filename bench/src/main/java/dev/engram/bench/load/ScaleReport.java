package dev.engram.bench.load;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/** A scale run's results as markdown and JSON. */
final class ScaleReport {

    private static final double MIB = 1024.0 * 1024.0;

    private ScaleReport() {}

    static String markdown(
            String runId, Instant startedAt, String command, ScaleOptions options, List<ScaleStep> steps) {
        StringBuilder md = new StringBuilder("# Scale run ").append(runId).append("\n\n");
        md.append(String.format(
                Locale.ROOT,
                "Started %s: `%s`; generated conversations, %d sentences per memory user, %d searches per size (one"
                        + " client, `top_k` 10, after %d unmeasured).%n%n",
                startedAt,
                command,
                options.sentencesPerUser(),
                options.searches(),
                ScaleRun.WARM_UP_SEARCHES));
        md.append(
                "| sentences | users | added/s (until searchable) | search p50 ms | p95 | p99 | index on disk MiB |\n");
        md.append("|---|---|---|---|---|---|---|\n");
        for (ScaleStep step : steps) {
            md.append(String.format(
                    Locale.ROOT,
                    "| %,d | %,d | %.1f | %.1f | %.1f | %.1f | %s |%n",
                    step.sentences(),
                    step.users(),
                    step.sentencesPerSecond(),
                    step.search().p50(),
                    step.search().p95(),
                    step.search().p99(),
                    step.indexBytes() < 0 ? "—" : String.format(Locale.ROOT, "%.1f", step.indexBytes() / MIB)));
        }
        TreeSet<String> processes = new TreeSet<>();
        steps.forEach(step -> processes.addAll(step.residentBytes().keySet()));
        if (!processes.isEmpty()) {
            md.append("\nResident memory (MiB, `VmRSS`):\n\n| sentences | ")
                    .append(String.join(" | ", processes))
                    .append(" |\n|---|")
                    .append("---|".repeat(processes.size()))
                    .append('\n');
            for (ScaleStep step : steps) {
                md.append(String.format(Locale.ROOT, "| %,d |", step.sentences()));
                for (String process : processes) {
                    Long bytes = step.residentBytes().get(process);
                    md.append(bytes == null ? " — |" : String.format(Locale.ROOT, " %.0f |", bytes / MIB));
                }
                md.append('\n');
            }
        }
        return md.toString();
    }

    static ObjectNode json(
            String runId, Instant startedAt, ScaleOptions options, List<ScaleStep> steps, ObjectMapper mapper) {
        ObjectNode root = mapper.createObjectNode();
        root.put("run_id", runId).put("started_at", startedAt.toString()).put("gateway", options.gateway());
        root.put("sentences_per_user", options.sentencesPerUser()).put("searches", options.searches());
        ArrayNode rows = root.putArray("steps");
        for (ScaleStep step : steps) {
            ObjectNode row = rows.addObject()
                    .put("sentences", step.sentences())
                    .put("users", step.users())
                    .put("added_sentences", step.addedSentences())
                    .put("ingest_seconds", step.ingestSeconds())
                    .put("sentences_per_second", step.sentencesPerSecond())
                    .put("search_p50_ms", step.search().p50())
                    .put("search_p95_ms", step.search().p95())
                    .put("search_p99_ms", step.search().p99())
                    .put("index_bytes", step.indexBytes());
            ObjectNode resident = row.putObject("resident_bytes");
            step.residentBytes().forEach(resident::put);
        }
        return root;
    }
}
