package dev.engram.bench;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/** The report's section on speed against the embedding limit, in markdown and JSON. */
final class SpeedSection {

    private SpeedSection() {}

    static String markdown(SpeedResult speed) {
        RawLimits raw = speed.raw();
        StringBuilder md = new StringBuilder("\n## Against the embedding limit\n\n");
        String texts = raw.timedSentences() < raw.sentences()
                ? String.format(
                        Locale.ROOT,
                        "%d of the %d sentences and captions of the ingested turns (an even sample)",
                        raw.timedSentences(),
                        raw.sentences())
                : raw.sentences() + " sentences and captions of the ingested turns";
        md.append(String.format(
                Locale.ROOT,
                "The model alone (%s, in-process, %d threads, %d texts per run, as vector-service runs it) on the"
                        + " %s, then on %d questions one at a time."
                        + " Search figures are the gateway's round trips; CPU is every process's user + system"
                        + " time from `/proc`.%n%n",
                raw.model(),
                raw.threads(),
                raw.batchSize(),
                texts,
                raw.queries()));
        md.append("| measure | value | target |\n|---|---|---|\n");
        row(md, "raw batch embedding, sentences/s", "%.1f", raw.sentencesPerSecond(), "");
        row(md, "raw query embedding p50 / p95, ms", raw.queryP50Ms(), raw.queryP95Ms());
        row(md, "raw query embeddings/s, one caller per core", "%.1f", raw.queriesPerSecond(), "");
        if (speed.sentences() > 0) {
            row(md, "ingest, sentences/s (first POST until pending = 0)", "%.1f", speed.ingestSentencesPerSecond(), "");
            row(md, "**ingest efficiency**", "%.3f", speed.ingestEfficiency(), "≥ 0.7");
        }
        if (speed.hasWarmIngest()) {
            row(
                    md,
                    "ingest on the warm platform (the same turns again, new users, after the searches), sentences/s",
                    "%.1f",
                    speed.warmIngestSentencesPerSecond(),
                    "");
            row(md, "ingest efficiency, warm platform", "%.3f", speed.warmIngestEfficiency(), "");
        }
        row(md, "search p50, one client, ms", "%.1f", speed.searchP50Ms(), "");
        row(md, "**search overhead** (search p50 − query embedding p50), ms", "%.1f", speed.searchOverheadMs(), "≤ 8");
        row(
                md,
                "peak searches/s, " + speed.peak().clients() + " clients",
                "%.1f",
                speed.peak().searchesPerSecond(),
                "");
        row(md, "**search efficiency**", "%.3f", speed.searchEfficiency(), "≥ 0.5");
        if (speed.cpuMsPerSentence() > 0) {
            row(md, "CPU per ingested sentence, ms (all processes)", "%.2f", speed.cpuMsPerSentence(), "");
        }
        if (speed.hasWarmIngest() && speed.warmCpuMsPerSentence() > 0) {
            row(
                    md,
                    "CPU per ingested sentence, warm platform, ms (all processes)",
                    "%.2f",
                    speed.warmCpuMsPerSentence(),
                    "");
        }
        if (speed.peak().cpuMsPerSearch() > 0) {
            row(
                    md,
                    "CPU per search at peak, ms (all processes)",
                    "%.2f",
                    speed.peak().cpuMsPerSearch(),
                    "");
        }
        appendCpu(md, speed);
        appendTimers(md, speed);
        return md.toString();
    }

    /** Where the latency pass's searches spent their time, by the services' own timers. */
    private static void appendTimers(StringBuilder md, SpeedResult speed) {
        if (speed.searchTimers().isEmpty()) {
            return;
        }
        md.append("\nWhere a search of the latency pass spends its time, by the services' own timers (`/q/metrics`,"
                + " read before and after the measured searches). Timers nest (a stage of the retrieval agent holds"
                + " the call it waits for) and calls of one search may run side by side, so they do not add up to"
                + " the round trip.\n\n");
        md.append("| service | timer | calls per search | ms per call | ms per search |\n|---|---|---|---|---|\n");
        for (TimerShare share : speed.searchTimers()) {
            md.append(String.format(
                    Locale.ROOT,
                    "| %s | `%s` | %.2f | %.2f | %.2f |%n",
                    share.service(),
                    share.timer(),
                    share.callsPerSearch(),
                    share.msPerCall(),
                    share.msPerSearch()));
        }
    }

    /** CPU milliseconds per process: per ingested sentence, and per search of the peak pass. */
    private static void appendCpu(StringBuilder md, SpeedResult speed) {
        TreeSet<String> processes = new TreeSet<>(speed.ingestCpuSeconds().keySet());
        processes.addAll(speed.warmIngestCpuSeconds().keySet());
        processes.addAll(speed.peak().cpuSeconds().keySet());
        if (processes.isEmpty()) {
            return;
        }
        md.append("\nCPU milliseconds per process:\n\n| per | ");
        md.append(String.join(" | ", processes)).append(" |\n|---|");
        md.append("---|".repeat(processes.size())).append('\n');
        if (speed.sentences() > 0) {
            cpuRow(md, "ingested sentence", processes, speed.ingestCpuSeconds(), speed.sentences());
        }
        if (speed.hasWarmIngest() && !speed.warmIngestCpuSeconds().isEmpty()) {
            cpuRow(md, "ingested sentence, warm", processes, speed.warmIngestCpuSeconds(), speed.sentences());
        }
        cpuRow(
                md,
                "search (peak pass)",
                processes,
                speed.peak().cpuSeconds(),
                speed.peak().searches());
    }

    private static void cpuRow(
            StringBuilder md, String label, TreeSet<String> processes, Map<String, Double> seconds, int count) {
        md.append("| ").append(label).append(" |");
        for (String process : processes) {
            Double used = seconds.get(process);
            md.append(used == null || count == 0 ? " — |" : String.format(Locale.ROOT, " %.2f |", used * 1000 / count));
        }
        md.append('\n');
    }

    private static void row(StringBuilder md, String measure, String format, double value, String target) {
        md.append(String.format(
                Locale.ROOT,
                "| %s | %s |%s|%n",
                measure,
                String.format(Locale.ROOT, format, value),
                target.isEmpty() ? " " : " " + target + " "));
    }

    private static void row(StringBuilder md, String measure, double p50, double p95) {
        md.append(String.format(Locale.ROOT, "| %s | %.1f / %.1f | |%n", measure, p50, p95));
    }

    static ObjectNode json(SpeedResult speed, ObjectNode parent) {
        RawLimits raw = speed.raw();
        ObjectNode node = parent.objectNode();
        node.putObject("raw")
                .put("model", raw.model())
                .put("threads", raw.threads())
                .put("batch_size", raw.batchSize())
                .put("sentences", raw.sentences())
                .put("timed_sentences", raw.timedSentences())
                .put("batch_seconds", raw.batchSeconds())
                .put("sentences_per_second", raw.sentencesPerSecond())
                .put("queries", raw.queries())
                .put("query_p50_ms", raw.queryP50Ms())
                .put("query_p95_ms", raw.queryP95Ms())
                .put("queries_per_second", raw.queriesPerSecond());
        node.put("sentences", speed.sentences())
                .put("ingest_seconds", speed.ingestSeconds())
                .put("ingest_sentences_per_second", speed.ingestSentencesPerSecond())
                .put("ingest_efficiency", speed.ingestEfficiency())
                .put("warm_ingest_seconds", speed.warmIngestSeconds())
                .put("warm_ingest_sentences_per_second", speed.warmIngestSentencesPerSecond())
                .put("warm_ingest_efficiency", speed.warmIngestEfficiency())
                .put("warm_cpu_ms_per_sentence", speed.warmCpuMsPerSentence())
                .put("search_p50_ms", speed.searchP50Ms())
                .put("search_overhead_ms", speed.searchOverheadMs())
                .put("peak_clients", speed.peak().clients())
                .put("peak_searches", speed.peak().searches())
                .put("peak_searches_per_second", speed.peak().searchesPerSecond())
                .put("search_efficiency", speed.searchEfficiency())
                .put("cpu_ms_per_sentence", speed.cpuMsPerSentence())
                .put("cpu_ms_per_search", speed.peak().cpuMsPerSearch());
        ObjectNode ingestCpu = node.putObject("ingest_cpu_seconds");
        speed.ingestCpuSeconds().forEach(ingestCpu::put);
        ObjectNode warmCpu = node.putObject("warm_ingest_cpu_seconds");
        speed.warmIngestCpuSeconds().forEach(warmCpu::put);
        ObjectNode searchCpu = node.putObject("peak_cpu_seconds");
        speed.peak().cpuSeconds().forEach(searchCpu::put);
        ArrayNode timers = node.putArray("search_timers");
        for (TimerShare share : speed.searchTimers()) {
            timers.addObject()
                    .put("service", share.service())
                    .put("timer", share.timer())
                    .put("calls_per_search", share.callsPerSearch())
                    .put("ms_per_call", share.msPerCall())
                    .put("ms_per_search", share.msPerSearch());
        }
        return node;
    }
}
