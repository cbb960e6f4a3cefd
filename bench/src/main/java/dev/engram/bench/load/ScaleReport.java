package dev.engram.bench.load;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;

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
        TreeSet<String> processes = processes(steps);
        if (!processes.isEmpty()) {
            memoryTable(md, "Resident memory (MiB, `VmRSS`)", processes, steps, ScaleStep::residentBytes);
            memoryTable(
                    md,
                    "Heap in use after a full GC (MiB; `jcmd <pid> GC.run`, then `GC.heap_info`; — where it could not"
                            + " be measured)",
                    processes,
                    steps,
                    ScaleStep::heapAfterGcBytes);
        }
        return md.toString();
    }

    /** Every process measured at some size, in either way. */
    private static TreeSet<String> processes(List<ScaleStep> steps) {
        TreeSet<String> processes = new TreeSet<>();
        for (ScaleStep step : steps) {
            processes.addAll(step.residentBytes().keySet());
            processes.addAll(step.heapAfterGcBytes().keySet());
        }
        return processes;
    }

    /** One row per size, with the users written to so far, since per-user state would grow with them. */
    private static void memoryTable(
            StringBuilder md,
            String title,
            TreeSet<String> processes,
            List<ScaleStep> steps,
            Function<ScaleStep, Map<String, Long>> bytesOf) {
        md.append('\n')
                .append(title)
                .append(":\n\n| sentences | users | ")
                .append(String.join(" | ", processes))
                .append(" |\n|---|---|")
                .append("---|".repeat(processes.size()))
                .append('\n');
        for (ScaleStep step : steps) {
            md.append(String.format(Locale.ROOT, "| %,d | %,d |", step.sentences(), step.users()));
            for (String process : processes) {
                Long bytes = bytesOf.apply(step).get(process);
                md.append(bytes == null ? " — |" : String.format(Locale.ROOT, " %.0f |", bytes / MIB));
            }
            md.append('\n');
        }
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
            // Null for a process whose resident memory was read but whose heap could not be measured.
            ObjectNode heap = row.putObject("heap_after_gc_bytes");
            for (String process : processes(List.of(step))) {
                Long bytes = step.heapAfterGcBytes().get(process);
                if (bytes == null) {
                    heap.putNull(process);
                } else {
                    heap.put(process, bytes);
                }
            }
        }
        return root;
    }
}
