package dev.engram.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code bin/engram-bench --relevance-pool A,B}: one relevance calibration fitted over the observations of several
 * runs (each run writes them to {@code <run>.relevance.json}), e.g. a LoCoMo and a LongMemEval run, and each run's
 * data measured again under it. Every answerable question's cluster counts once, so the dataset with more clusters
 * weighs more.
 */
public final class RelevancePool {

    /** The file name ending of a run's relevance observations. */
    static final String OBSERVATIONS_SUFFIX = ".relevance.json";

    static final String POOLED_FIT = "pooled fit";
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private RelevancePool() {}

    /** One run's observations, as read back. */
    record Run(String runId, String dataset, String pass, List<RelevanceObservation> observations) {}

    /** Reads the files, fits, writes the markdown and JSON next to the runs' results and returns the markdown. */
    static String run(List<Path> files, Path out, ObjectMapper json) {
        List<Run> runs = new ArrayList<>();
        for (Path file : files) {
            try {
                JsonNode root = json.readTree(file.toFile());
                runs.add(new Run(
                        root.path("run_id").asText(file.getFileName().toString()),
                        root.path("dataset").asText("?"),
                        root.path("pass").asText("?"),
                        RelevanceReportWriter.readObservations(root)));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the relevance observations " + file, e);
            }
        }
        Pooled pooled = pool(runs);
        String name = "relevance-pool-" + ZonedDateTime.now(ZoneOffset.UTC).format(STAMP);
        String markdown = markdown(name, runs, pooled);
        try {
            Files.createDirectories(out);
            Path jsonFile = out.resolve(name + ".json");
            Path markdownFile = out.resolve(name + ".md");
            json.writerWithDefaultPrettyPrinter().writeValue(jsonFile.toFile(), json(runs, pooled, json));
            Files.writeString(markdownFile, markdown);
            Progress.log("results written to %s and %s", jsonFile, markdownFile);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the results to " + out, e);
        }
        return markdown;
    }

    /**
     * @param all the pooled observations measured under their own (pooled) fit
     * @param byRun each run's observations measured under its own fit, the server's and the pooled fit
     */
    record Pooled(RelevanceResult all, List<RelevanceResult> byRun) {}

    static Pooled pool(List<Run> runs) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("--relevance-pool needs at least one observations file");
        }
        List<RelevanceObservation> all = new ArrayList<>();
        runs.forEach(run -> all.addAll(run.observations()));
        RelevanceResult pooled = RelevanceAnalysis.analyse("pooled", passes(runs), all, Map.of());
        List<RelevanceResult> byRun = new ArrayList<>();
        for (Run run : runs) {
            Map<String, LogisticCalibration> others = new LinkedHashMap<>();
            if (pooled.fitted() != null) {
                others.put(POOLED_FIT, pooled.fitted());
            }
            byRun.add(RelevanceAnalysis.analyse(
                    run.dataset() + " (" + run.runId() + ")", run.pass(), run.observations(), others));
        }
        return new Pooled(pooled, byRun);
    }

    private static String passes(List<Run> runs) {
        return String.join(
                ", ", runs.stream().map(run -> run.runId() + ": " + run.pass()).toList());
    }

    static String markdown(String name, List<Run> runs, Pooled pooled) {
        StringBuilder md = new StringBuilder();
        md.append("# Relevance calibration pooled over runs — ").append(name).append("\n\n");
        md.append("Runs: ");
        md.append(String.join(
                ", ",
                runs.stream()
                        .map(run -> run.dataset() + " `" + run.runId() + "`")
                        .toList()));
        md.append(". One logistic regression label ~ similarity over every answerable question's cluster of all of"
                + " them (a cluster counts once, so the run with more clusters weighs more).\n\n");
        md.append("| data | answerable questions | clusters | holding evidence | slope | intercept |\n"
                + "|---|---|---|---|---|---|\n");
        List<RelevanceResult> rows = new ArrayList<>(pooled.byRun());
        rows.add(pooled.all());
        for (RelevanceResult result : rows) {
            md.append(String.format(
                    Locale.ROOT,
                    "| %s | %d | %d | %d | %s | %s |%n",
                    result.dataset(),
                    result.answerableQuestions(),
                    result.clusters(),
                    result.evidenceClusters(),
                    result.fitted() == null
                            ? "–"
                            : String.format(Locale.ROOT, "%.2f", result.fitted().slope()),
                    result.fitted() == null
                            ? "–"
                            : String.format(Locale.ROOT, "%.2f", result.fitted().intercept())));
        }
        md.append(RelevanceReportWriter.markdown(pooled.all()));
        pooled.byRun().forEach(result -> md.append(RelevanceReportWriter.markdown(result)));
        return md.toString();
    }

    static ObjectNode json(List<Run> runs, Pooled pooled, ObjectMapper json) {
        ObjectNode root = json.createObjectNode();
        ArrayNode inputs = root.putArray("runs");
        runs.forEach(run -> inputs.addObject()
                .put("run_id", run.runId())
                .put("dataset", run.dataset())
                .put("pass", run.pass())
                .put("questions", run.observations().size()));
        if (pooled.all().fitted() != null) {
            root.putObject("pooled_fit")
                    .put("slope", pooled.all().fitted().slope())
                    .put("intercept", pooled.all().fitted().intercept());
        }
        root.set("pooled", RelevanceReportWriter.json(pooled.all(), json));
        ArrayNode byRun = root.putArray("by_run");
        pooled.byRun().forEach(result -> byRun.add(RelevanceReportWriter.json(result, json)));
        return root;
    }
}
