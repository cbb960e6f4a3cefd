package dev.engram.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * {@code bin/engram-bench}: LoCoMo evidence recall of Engram and of flat baselines measured in the same run,
 * plus ingest throughput, search latency and raw embedding throughput (benchmark guide, sections 1 and 2).
 */
public final class BenchMain {

    /**
     * Flat baselines rank at least this many turns: deep enough that the word budget, not the list, ends
     * recall@1000w (LoCoMo turns average 28 words), as in the published baselines.
     */
    static final int MIN_BASELINE_DEPTH = 100;

    private final BenchOptions options;
    private final Path home;

    BenchMain(BenchOptions options, Path home) {
        this.options = options;
        this.home = home;
    }

    public static void main(String[] args) {
        Path home =
                Path.of(System.getProperty("engram.home", ".")).toAbsolutePath().normalize();
        BenchOptions options;
        try {
            options = BenchOptions.parse(args, home);
        } catch (BenchOptions.UsageRequested e) {
            System.out.println(BenchOptions.USAGE);
            return;
        } catch (IllegalArgumentException e) {
            System.err.println("engram-bench: " + e.getMessage() + "\n" + BenchOptions.USAGE);
            System.exit(2);
            return;
        }
        try {
            BenchReport report = new BenchMain(options, home).run();
            System.out.print(ReportWriter.markdown(report));
        } catch (IllegalArgumentException e) {
            System.err.println("engram-bench: " + e.getMessage());
            System.exit(2);
        } catch (RuntimeException e) {
            e.printStackTrace();
            System.err.println("engram-bench: " + e.getMessage());
            System.exit(1);
        }
    }

    BenchReport run() {
        Instant startedAt = Instant.now();
        long started = System.nanoTime();
        if (!Files.isRegularFile(options.data())) {
            throw new IllegalArgumentException("no LoCoMo file at " + options.data() + " (use --data FILE)");
        }
        LocomoDataset dataset = LocomoDataset.load(options.data());
        RecallEvaluation evaluation = new RecallEvaluation(dataset);
        RunIds ids = RunIds.fresh();
        Progress.log(
                "run %s: %d conversations, %d turns, %d scored questions",
                ids.runId(),
                dataset.conversations().size(),
                dataset.turnCount(),
                dataset.questions().size());

        EngramRun engram = options.gateway() == null
                ? engramOnPrivatePlatform(dataset, evaluation, ids)
                : engramOn(options.gateway(), dataset, evaluation, ids);
        List<RetrieverResult> results = new ArrayList<>(engram.recall());
        int depth = Math.max(MIN_BASELINE_DEPTH, options.topK());
        Progress.log("baseline bm25");
        try (FlatBm25Baseline bm25 = new FlatBm25Baseline(dataset.conversations(), depth)) {
            results.add(evaluation.evaluate(bm25));
        }
        List<EmbeddingThroughput> throughputs = new ArrayList<>();
        for (BaselineModel model : options.baselineModels()) {
            Progress.log("baseline dense-%s: embedding %d turns", model.id(), dataset.turnCount());
            FlatDenseBaseline dense = new FlatDenseBaseline(model, dataset.conversations(), depth);
            results.add(evaluation.evaluate(dense));
            throughputs.add(dense.throughput());
        }

        BenchReport report = new BenchReport(
                ids.runId(),
                startedAt,
                (System.nanoTime() - started) / 1e9,
                options.data().toString(),
                options.gateway() == null ? privatePlatformLabel() : options.gateway(),
                options.topK(),
                options.expand(),
                depth,
                BenchReport.DatasetSummary.of(dataset),
                results,
                engram.ingest(),
                engram.latency(),
                throughputs);
        write(report);
        return report;
    }

    /** The services inherit this JVM's environment, so their embedding model is the one configured here. */
    private static String privatePlatformLabel() {
        String model = System.getenv("ENGRAM_EMBEDDING_MODEL");
        return "private, started for this run (embedding model: "
                + (model == null || model.isBlank() ? "the service default" : model) + ")";
    }

    private record EngramRun(IngestResult ingest, List<RetrieverResult> recall, LatencyResult latency) {}

    private EngramRun engramOnPrivatePlatform(LocomoDataset dataset, RecallEvaluation evaluation, RunIds ids) {
        EmbeddedPlatform platform = EmbeddedPlatform.create();
        Thread stopOnExit = new Thread(platform::close, "engram-bench-stop-platform");
        Runtime.getRuntime().addShutdownHook(stopOnExit);
        try {
            Progress.log("starting a private platform (PostgreSQL and five services)");
            platform.start(home);
            return engramOn(platform.gatewayUrl(), dataset, evaluation, ids);
        } catch (RuntimeException e) {
            platform.keepLogs();
            throw e;
        } finally {
            platform.close();
            try {
                Runtime.getRuntime().removeShutdownHook(stopOnExit);
            } catch (IllegalStateException shuttingDown) {
                // The hook is already running or has run; the platform is stopped either way.
            }
        }
    }

    private EngramRun engramOn(String gatewayUrl, LocomoDataset dataset, RecallEvaluation evaluation, RunIds ids) {
        GatewayClient gateway = new GatewayClient(gatewayUrl, System.getenv("ENGRAM_API_KEY"));
        Progress.log("ingesting %d turns through %s", dataset.turnCount(), gatewayUrl);
        IngestResult ingest = new EngramIngest(gateway, ids).run(dataset.conversations());
        Progress.log(
                "searchable after %.1f s (%.1f episodes/s); quality pass",
                ingest.searchableSeconds(), ingest.episodesPerSecond());
        List<String> modes = options.modes().isEmpty() ? Collections.singletonList(null) : options.modes();
        List<RetrieverResult> recall = new ArrayList<>();
        for (String mode : modes) {
            recall.add(evaluation.evaluate(
                    new EngramRetriever(gateway, ids, options.topK(), options.expand(), options.rerankers(), mode)));
        }
        Progress.log("latency pass");
        LatencyResult latency = new LatencyPass(gateway, ids).run(dataset.questions());
        return new EngramRun(ingest, recall, latency);
    }

    private void write(BenchReport report) {
        try {
            Files.createDirectories(options.out());
            Path json = options.out().resolve(report.runId() + ".json");
            Path markdown = options.out().resolve(report.runId() + ".md");
            ObjectMapper mapper = new ObjectMapper();
            mapper.writerWithDefaultPrettyPrinter().writeValue(json.toFile(), ReportJson.of(report, mapper));
            Files.writeString(markdown, ReportWriter.markdown(report));
            Progress.log("results written to %s and %s", json, markdown);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the results to " + options.out(), e);
        }
    }
}
