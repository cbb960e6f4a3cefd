package dev.engram.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.bench.load.ServiceCpu;
import dev.engram.embedding.EncoderModel;
import dev.engram.launcher.PlatformSettings;
import dev.engram.launcher.ServiceKind;
import dev.engram.sdk.Engram;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * {@code bin/engram-bench}: LoCoMo evidence recall or LongMemEval retrieval of Engram and of flat baselines
 * measured in the same run, plus ingest throughput, search latency and raw embedding throughput (benchmark
 * guide, sections 1, 1b and 2).
 */
public final class BenchMain {

    /**
     * Flat baselines rank at least this many turns: deep enough that the word budget, not the list, ends
     * recall@1000w (LoCoMo turns average 28 words), as in the published baselines.
     */
    static final int MIN_BASELINE_DEPTH = 100;

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Questions each mode searches, unmeasured, before the quality passes. */
    private static final int WARM_UP_QUESTIONS = 50;

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
            System.out.print(new BenchMain(options, home).run());
        } catch (IllegalArgumentException e) {
            System.err.println("engram-bench: " + e.getMessage());
            System.exit(2);
        } catch (RuntimeException e) {
            e.printStackTrace();
            System.err.println("engram-bench: " + e.getMessage());
            System.exit(1);
        }
    }

    /** Runs the chosen benchmark, writes its results and returns them as markdown. */
    String run() {
        if (!options.relevancePool().isEmpty()) {
            return RelevancePool.run(options.relevancePool(), options.out(), JSON);
        }
        if (!Files.isRegularFile(options.data())) {
            throw new IllegalArgumentException(
                    "no " + options.dataset().title() + " file at " + options.data() + " (use --data FILE)");
        }
        return switch (options.dataset()) {
            case LOCOMO -> runLocomo();
            case LONGMEMEVAL -> runLongMemEval();
        };
    }

    private String runLocomo() {
        Instant startedAt = Instant.now();
        long started = System.nanoTime();
        LocomoDataset dataset = LocomoDataset.load(options.data());
        RecallEvaluation evaluation = new RecallEvaluation(dataset);
        RunIds ids = runIds();
        Progress.log(
                "run %s: %d conversations, %d turns, %d scored questions, %d adversarial (relevance only)",
                ids.runId(),
                dataset.conversations().size(),
                dataset.turnCount(),
                dataset.questions().size(),
                dataset.adversarial().size());

        RelevanceCollector relevance = new RelevanceCollector(
                dataset.conversations(), question -> question.category() + " " + Categories.name(question.category()));
        EngramRun<RetrieverResult> engram = onPlatform((gatewayUrl, cpu, timers) -> engramOn(
                gatewayUrl,
                cpu,
                timers,
                dataset.conversations(),
                dataset.questions(),
                dataset.adversarial(),
                relevance,
                evaluation::evaluate,
                ids));
        RelevanceResult relevanceResult = analyseRelevance(engram, relevance);
        SpeedResult speed = engram.speed(dataset.conversations(), dataset.questions());
        List<RetrieverResult> results = new ArrayList<>(engram.recall());
        int depth = Math.max(MIN_BASELINE_DEPTH, options.topK());
        List<EmbeddingThroughput> throughputs =
                baselines(dataset.conversations(), dataset.turnCount(), depth, evaluation::evaluate, results);

        BenchReport report = new BenchReport(
                ids.runId(),
                startedAt,
                (System.nanoTime() - started) / 1e9,
                options.data().toString(),
                platformLabel(),
                options.topK(),
                options.expand(),
                depth,
                BenchReport.DatasetSummary.of(dataset),
                results,
                engram.ingest(),
                engram.latency(),
                throughputs,
                relevanceResult,
                speed);
        String markdown = ReportWriter.markdown(report);
        return write(
                report.runId(), ReportJson.of(report, JSON), markdown, observations(ids, engram, relevance), engram);
    }

    /**
     * LongMemEval: one memory user per scored question, holding its haystack. The flat baselines rank the whole
     * haystack, as the official flat retrievers do, so that the session measures at k = 30 and 50 are defined.
     */
    private String runLongMemEval() {
        Instant startedAt = Instant.now();
        long started = System.nanoTime();
        LongMemEvalDataset dataset = LongMemEvalDataset.load(
                options.data(), options.questionLimit(), options.abstention(), options.spread());
        if (dataset.questions().isEmpty()) {
            throw new IllegalArgumentException("none of the " + dataset.questionsRead() + " questions read from "
                    + options.data() + " can be scored (abstention, or no evidence)");
        }
        LongMemEvalEvaluation evaluation = new LongMemEvalEvaluation(dataset);
        RunIds ids = runIds();
        Progress.log(
                "run %s: %d of %d questions read, %d scored, %d abstention (relevance only); %d sessions, %d turns"
                        + " (scored)",
                ids.runId(),
                dataset.questionsRead(),
                dataset.questionsInFile(),
                dataset.questions().size(),
                dataset.abstention().size(),
                dataset.sessionCount(),
                dataset.turnCount());

        Map<String, String> types = new HashMap<>();
        dataset.questions().forEach(question -> types.put(question.questionId(), question.type()));
        dataset.abstention().forEach(question -> types.put(question.questionId(), question.type()));
        List<Conversation> ingested = new ArrayList<>(dataset.haystacks());
        ingested.addAll(dataset.abstentionHaystacks());
        RelevanceCollector relevance =
                new RelevanceCollector(ingested, question -> types.getOrDefault(question.sampleId(), ""));
        List<Question> abstention =
                dataset.abstention().stream().map(LongMemEvalQuestion::query).toList();
        EngramRun<LongMemEvalResult> engram = onPlatform((gatewayUrl, cpu, timers) -> engramOn(
                gatewayUrl,
                cpu,
                timers,
                ingested,
                dataset.queries(),
                abstention,
                relevance,
                evaluation::evaluate,
                ids));
        RelevanceResult relevanceResult = analyseRelevance(engram, relevance);
        SpeedResult speed = engram.speed(ingested, dataset.queries());
        List<LongMemEvalResult> results = new ArrayList<>(engram.recall());
        int depth = dataset.haystacks().stream()
                .mapToInt(haystack -> haystack.turns().size())
                .max()
                .orElse(MIN_BASELINE_DEPTH);
        List<EmbeddingThroughput> throughputs =
                baselines(dataset.haystacks(), dataset.turnCount(), depth, evaluation::evaluate, results);

        LongMemEvalReport report = new LongMemEvalReport(
                ids.runId(),
                startedAt,
                (System.nanoTime() - started) / 1e9,
                options.data().toString(),
                platformLabel(),
                options.topK(),
                options.expand(),
                LongMemEvalReport.DatasetSummary.of(dataset, options.abstention() != LongMemEvalDataset.IN_FILE_ORDER),
                results,
                engram.ingest(),
                engram.latency(),
                throughputs,
                relevanceResult,
                speed);
        String markdown = LongMemEvalReportWriter.markdown(report);
        return write(
                report.runId(),
                LongMemEvalReportJson.of(report, JSON),
                markdown,
                observations(ids, engram, relevance),
                engram);
    }

    private RunIds runIds() {
        return options.runId() == null ? RunIds.fresh() : new RunIds(options.runId());
    }

    private String platformLabel() {
        return options.gateway() == null ? privatePlatformLabel() : options.gateway();
    }

    /** The services inherit this JVM's environment, so their embedding model is the one configured here. */
    private static String privatePlatformLabel() {
        String model = System.getenv("ENGRAM_EMBEDDING_MODEL");
        return "private, started for this run (embedding model: "
                + (model == null || model.isBlank() ? "the service default" : model) + ")";
    }

    /**
     * @param recall one result per quality pass
     * @param searchTimers per search of the latency pass, from the services' timers
     * @param relevancePass the name of the pass whose answers the relevance measurement kept
     */
    private record EngramRun<R>(
            IngestResult ingest,
            List<IngestTimeline.Point> timeline,
            Map<String, Double> ingestCpu,
            WarmIngest warm,
            List<R> recall,
            LatencyResult latency,
            List<TimerShare> searchTimers,
            PeakSearches peak,
            String relevancePass) {

        /** Against the raw limits of the model, measured once the platform has stopped and the machine is idle. */
        SpeedResult speed(List<Conversation> ingested, List<Question> questions) {
            Progress.log("raw embedding limits: the model alone, with the service's settings");
            RawLimits raw = RawLimitsPass.measure(ingested, questions);
            // The raw pass embedded exactly the ingested turns' sentences and captions.
            int sentences = ingest.reusedEpisodes() > 0 ? 0 : raw.sentences();
            return new SpeedResult(
                    raw,
                    sentences,
                    ingest.searchableSeconds(),
                    ingestCpu,
                    warm.searchableSeconds(),
                    warm.cpuSeconds(),
                    latency.p50(),
                    searchTimers,
                    peak);
        }
    }

    private RelevanceResult analyseRelevance(EngramRun<?> engram, RelevanceCollector relevance) {
        RelevanceResult result = RelevanceAnalysis.analyse(
                options.dataset().title(), engram.relevancePass(), relevance.observations(), Map.of());
        if (result.fitted() != null) {
            Progress.log(
                    "relevance: fitted slope %.2f, intercept %.2f over %d clusters; AUC of the top relevance %.3f",
                    result.fitted().slope(),
                    result.fitted().intercept(),
                    result.clusters(),
                    result.separation().aucTopRelevance());
        }
        return result;
    }

    private ObjectNode observations(RunIds ids, EngramRun<?> engram, RelevanceCollector relevance) {
        return RelevanceReportWriter.observationsJson(
                ids.runId(), options.dataset().title(), engram.relevancePass(), relevance.observations(), JSON);
    }

    /** Measures on the gateway given, or on a private platform started for this run and stopped after it. */
    private <R> EngramRun<R> onPlatform(Measurement<R> measure) {
        if (options.gateway() != null) {
            // A platform bin/engram up started on this machine says through its pid files which processes to read,
            // and the environment it was started with says on which ports its services answer.
            String runDirectory = System.getenv("ENGRAM_RUN_DIR");
            if (runDirectory == null) {
                return measure.on(options.gateway(), ServiceCpu.of(null), ServiceTimers.none());
            }
            PlatformSettings settings = PlatformSettings.fromEnvironment(home, System.getenv());
            boolean thatPlatform = options.gateway().replaceAll("/+$", "").equals(settings.url(ServiceKind.GATEWAY));
            if (!thatPlatform) {
                Progress.log(
                        "no breakdown of search time: %s is not the gateway this environment's ports name (%s)",
                        options.gateway(), settings.url(ServiceKind.GATEWAY));
            }
            return measure.on(
                    options.gateway(),
                    ServiceCpu.of(settings.pidDirectory()),
                    thatPlatform ? serviceTimers(settings) : ServiceTimers.none());
        }
        EmbeddedPlatform platform = EmbeddedPlatform.create();
        Thread stopOnExit = new Thread(platform::close, "engram-bench-stop-platform");
        Runtime.getRuntime().addShutdownHook(stopOnExit);
        try {
            Progress.log("starting a private platform (PostgreSQL and five services)");
            platform.start(home);
            return measure.on(
                    platform.gatewayUrl(),
                    ServiceCpu.of(platform.pidDirectory(), platform.postgresDataDirectory()),
                    serviceTimers(platform.settings()));
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

    /** What a benchmark measures on a platform: its gateway, its processes' CPU, its services' timers. */
    @FunctionalInterface
    private interface Measurement<R> {
        EngramRun<R> on(String gatewayUrl, ServiceCpu cpu, ServiceTimers timers);
    }

    /** The services in the order a search reaches them. */
    private static ServiceTimers serviceTimers(PlatformSettings settings) {
        Map<String, String> urls = new LinkedHashMap<>();
        for (ServiceKind kind : List.of(
                ServiceKind.GATEWAY,
                ServiceKind.RETRIEVAL,
                ServiceKind.VECTOR,
                ServiceKind.INGEST,
                ServiceKind.PROFILE)) {
            urls.put(kind.module(), settings.url(kind));
        }
        return ServiceTimers.of(urls);
    }

    /**
     * Ingests every conversation, then one quality pass per search mode and a latency pass. The answers of the
     * first quality pass are kept for the relevance measurement, and the questions that should find nothing
     * relevant are asked right after it, the same way.
     */
    private <R> EngramRun<R> engramOn(
            String gatewayUrl,
            ServiceCpu cpu,
            ServiceTimers timers,
            List<Conversation> conversations,
            List<Question> questions,
            List<Question> unanswerable,
            RelevanceCollector relevance,
            Function<Retriever, R> evaluate,
            RunIds ids) {
        Engram gateway = Gateways.connect(gatewayUrl, System.getenv("ENGRAM_API_KEY"));
        int turns = conversations.stream().mapToInt(c -> c.turns().size()).sum();
        Progress.log("ingesting %d turns through %s", turns, gatewayUrl);
        Map<String, Long> beforeIngest = cpu.snapshot();
        EngramIngest.Timed cold = new EngramIngest(gateway, ids).timed(conversations, options.runId() != null);
        IngestResult ingest = cold.result();
        Map<String, Double> ingestCpu = ServiceCpu.secondsBetween(beforeIngest, cpu.snapshot());
        if (ingest.reusedEpisodes() > 0) {
            Progress.log(
                    "%d episodes already stored and indexed by run %s: not sent again",
                    ingest.reusedEpisodes(), ids.runId());
        }
        Progress.log(
                "searchable after %.1f s (%.1f episodes/s); quality pass",
                ingest.searchableSeconds(), ingest.episodesPerSecond());
        List<String> modes = options.modes().isEmpty() ? Collections.singletonList(null) : options.modes();
        warmUp(gateway, ids, modes, questions);
        List<R> recall = new ArrayList<>();
        String relevancePass = null;
        for (String mode : modes) {
            EngramRetriever engram =
                    new EngramRetriever(gateway, ids, options.topK(), options.expand(), options.rerankers(), mode);
            if (relevancePass != null) {
                recall.add(evaluate.apply(engram));
                continue;
            }
            recall.add(evaluate.apply(relevance.recording(engram)));
            Progress.log("relevance: asking the %d questions that should find nothing relevant", unanswerable.size());
            relevance.askUnanswerable(engram, unanswerable);
            relevancePass = engram.name();
        }
        Progress.log("latency pass");
        LatencyPass.Measured latency = new LatencyPass(gateway, ids, timers).run(questions);
        Progress.log("peak search pass: %d clients", PeakSearchPass.CLIENTS);
        PeakSearches peak = new PeakSearchPass(gateway, ids, cpu).run(questions);
        WarmIngest warm = warmIngest(gateway, cpu, conversations);
        return new EngramRun<>(
                ingest,
                cold.timeline(),
                ingestCpu,
                warm,
                recall,
                latency.roundTrips(),
                latency.timers(),
                peak,
                relevancePass);
    }

    /** An ingest on a platform whose JVMs have compiled their hot code, beside the first one on a cold platform. */
    private record WarmIngest(
            IngestResult ingest, List<IngestTimeline.Point> timeline, Map<String, Double> cpuSeconds) {

        static final WarmIngest NONE = new WarmIngest(null, List.of(), Map.of());

        double searchableSeconds() {
            return ingest == null ? 0 : ingest.searchableSeconds();
        }
    }

    /**
     * The same turns once more, into memory users of a fresh run id, after every search: how fast ingest is once
     * the first minutes of JIT compilation are behind the services. Only where the turns are few enough to be
     * sent twice (LoCoMo); the new users are left out of every quality pass, which has ended by then.
     */
    private WarmIngest warmIngest(Engram gateway, ServiceCpu cpu, List<Conversation> conversations) {
        if (options.dataset() != BenchDataset.LOCOMO) {
            return WarmIngest.NONE;
        }
        Progress.log("warm ingest: the same turns again, into new memory users");
        Map<String, Long> before = cpu.snapshot();
        EngramIngest.Timed warm = new EngramIngest(gateway, RunIds.fresh("warm")).timed(conversations, false);
        Map<String, Double> used = ServiceCpu.secondsBetween(before, cpu.snapshot());
        Progress.log("warm ingest searchable after %.1f s", warm.result().searchableSeconds());
        return new WarmIngest(warm.result(), warm.timeline(), used);
    }

    /**
     * Every mode searches a few questions before any is measured, so that the round trips of the first mode are
     * not those of a colder JVM than the others'.
     */
    private void warmUp(Engram gateway, RunIds ids, List<String> modes, List<Question> questions) {
        Progress.log("warming up: %d questions per mode", Math.min(WARM_UP_QUESTIONS, questions.size()));
        for (String mode : modes) {
            EngramRetriever warming =
                    new EngramRetriever(gateway, ids, options.topK(), options.expand(), options.rerankers(), mode);
            questions.stream().limit(WARM_UP_QUESTIONS).forEach(warming::searchUntallied);
        }
    }

    /** Writes the results, with the ingest chart when this run ingested; the report as written. */
    private String write(String runId, ObjectNode json, String markdown, ObjectNode observations, EngramRun<?> engram) {
        if (options.runId() != null) {
            // Runs that reuse one run id's memory each keep their own results.
            runId = runId + "." + RunIds.fresh("at").runId();
        }
        try {
            Files.createDirectories(options.out());
            Path jsonFile = options.out().resolve(runId + ".json");
            Path markdownFile = options.out().resolve(runId + ".md");
            Path observationsFile = options.out().resolve(runId + RelevancePool.OBSERVATIONS_SUFFIX);
            if (engram.ingest().reusedEpisodes() == 0 && !engram.timeline().isEmpty()) {
                String chart = runId + "-ingest.png";
                IngestChart.write(
                        engram.timeline(),
                        engram.warm().timeline(),
                        options.out().resolve(chart));
                markdown += "\n![Ingest: episodes accepted and searchable over time](" + chart + ")\n";
            }
            JSON.writerWithDefaultPrettyPrinter().writeValue(jsonFile.toFile(), json);
            Files.writeString(markdownFile, markdown);
            JSON.writeValue(observationsFile.toFile(), observations);
            Progress.log(
                    "results written to %s and %s (relevance observations: %s)",
                    jsonFile, markdownFile, observationsFile);
            return markdown;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the results to " + options.out(), e);
        }
    }

    /**
     * The flat baselines of a run, each ranking {@code depth} turns of the conversations it is given: BM25, then
     * every dense model asked for. Their results are added to {@code results}; the embedding throughput each dense
     * model showed is returned.
     */
    private <R> List<EmbeddingThroughput> baselines(
            List<Conversation> conversations,
            int turnCount,
            int depth,
            Function<Retriever, R> evaluate,
            List<? super R> results) {
        Progress.log("baseline bm25");
        try (FlatBm25Baseline bm25 = new FlatBm25Baseline(conversations, depth)) {
            results.add(evaluate.apply(bm25));
        }
        List<EmbeddingThroughput> throughputs = new ArrayList<>();
        for (EncoderModel model : options.baselineModels()) {
            Progress.log("baseline dense-%s: embedding %d turns", model.id(), turnCount);
            try (FlatDenseBaseline dense = new FlatDenseBaseline(model, conversations, depth)) {
                results.add(evaluate.apply(dense));
                throughputs.add(dense.throughput());
            }
        }
        return throughputs;
    }
}
