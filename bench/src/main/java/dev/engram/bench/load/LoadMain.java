package dev.engram.bench.load;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.bench.Progress;
import dev.engram.bench.RunIds;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * {@code bin/engram-load}: a bounded load run on a running gateway (benchmark guide, section 3). Concurrent
 * clients add and search for a fixed time; then every episode the gateway accepted must be stored, and the
 * run waits for the index to catch up. Exits 0 when all of that held, 1 when it did not, 2 when the run could
 * not start (bad arguments, no gateway).
 */
public final class LoadMain {

    /** Well above the gateway's own downstream deadlines (10 s for an add), so a timeout here means a hang. */
    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);

    private static final Duration POLL_INTERVAL = Duration.ofMillis(250);

    private final LoadOptions options;
    private final RunIds ids;
    private final String command;

    private final ServiceCpu cpu;

    LoadMain(LoadOptions options, RunIds ids, String command) {
        this(options, ids, command, ServiceCpu.of(null));
    }

    /** @param cpu the services whose CPU time each open-loop phase reports */
    LoadMain(LoadOptions options, RunIds ids, String command, ServiceCpu cpu) {
        this.options = options;
        this.ids = ids;
        this.command = command;
        this.cpu = cpu;
    }

    public static void main(String[] args) {
        Path home =
                Path.of(System.getProperty("engram.home", ".")).toAbsolutePath().normalize();
        RunIds ids = RunIds.fresh("load");
        LoadOptions options;
        try {
            options = LoadOptions.parse(args, System.getenv(), home, ids.runId());
        } catch (LoadOptions.UsageRequested e) {
            System.out.println(LoadOptions.USAGE);
            return;
        } catch (IllegalArgumentException e) {
            System.err.println("engram-load: " + e.getMessage() + "\n" + LoadOptions.USAGE);
            System.exit(2);
            return;
        }
        int exitCode;
        try {
            // The platform bin/engram up started on this machine, whose pid files say which processes to read.
            Path runDirectory = Path.of(System.getenv()
                    .getOrDefault("ENGRAM_RUN_DIR", home.resolve(".engram").toString()));
            LoadReport report = new LoadMain(
                            options, ids, CommandLine.render(args), ServiceCpu.of(runDirectory.resolve("pids")))
                    .run();
            System.out.print(LoadReportMarkdown.render(report));
            exitCode = report.passed() ? 0 : 1;
        } catch (IllegalArgumentException e) {
            System.err.println("engram-load: " + e.getMessage());
            exitCode = 2;
        } catch (InterruptedException e) {
            System.err.println("engram-load: interrupted");
            exitCode = 130;
        } catch (RuntimeException e) {
            e.printStackTrace();
            System.err.println("engram-load: " + e.getMessage());
            exitCode = 1;
        }
        System.exit(exitCode);
    }

    LoadReport run() throws InterruptedException {
        Instant startedAt = Instant.now();
        LoadCorpus corpus = options.data() == null
                ? SyntheticConversations.corpus(options.seed())
                : LoadCorpus.locomo(options.data());
        RawGateway gateway = new RawGateway(options.gateway(), options.apiKey(), REQUEST_TIMEOUT);
        checkReachable(gateway);
        List<ClientWorkload> clients = IntStream.rangeClosed(1, options.clients())
                .mapToObj(client -> new ClientWorkload(options, ids, corpus, client))
                .toList();
        Progress.log(
                "run %s: %d %s for %.1f s against %s; %s",
                ids.runId(),
                options.clients(),
                options.openLoop() ? "workloads, each rate" : "clients",
                options.duration().toMillis() / 1000.0,
                options.gateway(),
                corpus.source());
        List<OpenLoopRun.Result> phases = new ArrayList<>();
        LoadRun.Result load;
        if (options.openLoop()) {
            Tally all = new Tally();
            double seconds = 0;
            for (double rate : options.rates()) {
                Progress.log(
                        "open loop: %.0f requests/s for %.1f s",
                        rate, options.duration().toMillis() / 1000.0);
                Map<String, Long> before = cpu.snapshot();
                OpenLoopRun.Result phase = new OpenLoopRun(gateway, clients, rate, options.duration())
                        .run()
                        .withCpu(ServiceCpu.secondsBetween(before, cpu.snapshot()));
                phases.add(phase);
                all.addAll(phase.tally());
                seconds += phase.seconds();
            }
            load = new LoadRun.Result(all, seconds);
        } else {
            load = new LoadRun(gateway, clients, options.duration()).run();
        }
        Progress.log(
                "load over after %.1f s; checking %d accepted episodes of %d users",
                load.seconds(),
                load.tally().episodesAccepted(),
                load.tally().acceptedByUser().size());
        IndexingOutcome indexing =
                new IndexingCheck(gateway, POLL_INTERVAL).await(load.tally().acceptedByUser(), options.settle());
        LoadReport report =
                new LoadReport(ids.runId(), startedAt, command, options, corpus.source(), load, indexing, phases);
        write(report);
        return report;
    }

    /** One status read before the clients start, so that a missing gateway or a refused key is one clear line. */
    private void checkReachable(RawGateway gateway) throws InterruptedException {
        HttpResponse<String> answer;
        try {
            answer = gateway.statusOnce(ids.userId("reachable"));
        } catch (IOException e) {
            throw new IllegalArgumentException("no gateway answers at " + options.gateway() + " ("
                    + ErrorCounts.noAnswer(e) + "); start the platform with bin/engram up");
        }
        if (answer.statusCode() == 401 || answer.statusCode() == 403) {
            throw new IllegalArgumentException("the gateway refused the request (HTTP " + answer.statusCode()
                    + "): give an API key with --api-key or ENGRAM_API_KEY");
        }
        if (answer.statusCode() != 200) {
            throw new IllegalArgumentException(
                    "the gateway answered a status read with HTTP " + answer.statusCode() + ": " + answer.body());
        }
    }

    private void write(LoadReport report) {
        Path out = options.out();
        try {
            Files.createDirectories(out);
            Path json = out.resolve("report.json");
            Path markdown = out.resolve("report.md");
            ObjectMapper mapper = new ObjectMapper();
            mapper.writerWithDefaultPrettyPrinter().writeValue(json.toFile(), LoadReportJson.of(report, mapper));
            Files.writeString(markdown, LoadReportMarkdown.render(report));
            if (!report.phases().isEmpty()) {
                OpenLoopChart.write(report.phaseSummaries(), out.resolve("open-loop.png"));
            }
            Progress.log("results written to %s and %s", json, markdown);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the results to " + out, e);
        }
    }
}
