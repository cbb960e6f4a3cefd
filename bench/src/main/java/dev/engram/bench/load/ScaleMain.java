package dev.engram.bench.load;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.bench.Progress;
import dev.engram.bench.RunIds;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** {@code bin/engram-scale}: the platform at growing sizes of one project; see {@link ScaleOptions#USAGE}. */
public final class ScaleMain {

    private static final Duration REQUEST_TIMEOUT = Duration.ofMinutes(2);

    private ScaleMain() {}

    public static void main(String[] args) {
        Path home =
                Path.of(System.getProperty("engram.home", ".")).toAbsolutePath().normalize();
        RunIds ids = RunIds.fresh("scale");
        ScaleOptions options;
        try {
            options = ScaleOptions.parse(args, System.getenv(), home, ids.runId());
        } catch (LoadOptions.UsageRequested e) {
            System.out.println(ScaleOptions.USAGE);
            return;
        } catch (IllegalArgumentException e) {
            System.err.println("engram-scale: " + e.getMessage() + "\n" + ScaleOptions.USAGE);
            System.exit(2);
            return;
        }
        int exitCode = 0;
        try {
            Instant startedAt = Instant.now();
            RawGateway gateway = new RawGateway(options.gateway(), options.apiKey(), REQUEST_TIMEOUT);
            Progress.log(
                    "run %s: growing a project to %s sentences at %s",
                    options.runId(), options.sizes(), options.gateway());
            ScaleRun scale = new ScaleRun(
                    gateway,
                    options.runId(),
                    options.sentencesPerUser(),
                    options.searches(),
                    options.settle(),
                    options.seed(),
                    options.runDirectory().resolve("pids"),
                    options.runDirectory().resolve("data").resolve("vector"),
                    HeapAfterGc.ofThisJdk());
            if (options.resumed()) {
                scale.skippingStoredUsers();
            }
            List<ScaleStep> steps = scale.run(options.sizes());
            String markdown = ScaleReport.markdown(
                    options.runId(), startedAt, CommandLine.render("bin/engram-scale", args), options, steps);
            write(
                    options.out(),
                    ScaleReport.json(options.runId(), startedAt, options, steps, new ObjectMapper()),
                    markdown,
                    steps);
            System.out.print(markdown);
        } catch (InterruptedException e) {
            System.err.println("engram-scale: interrupted");
            exitCode = 130;
        } catch (RuntimeException e) {
            e.printStackTrace();
            System.err.println("engram-scale: " + e.getMessage());
            exitCode = 1;
        }
        System.exit(exitCode);
    }

    private static void write(Path out, ObjectNode json, String markdown, List<ScaleStep> steps) {
        try {
            Files.createDirectories(out);
            new ObjectMapper()
                    .writerWithDefaultPrettyPrinter()
                    .writeValue(out.resolve("report.json").toFile(), json);
            Files.writeString(out.resolve("report.md"), markdown);
            ScaleChart.write(steps, out.resolve("scale.png"));
            // Without a process measured (a platform on another machine, no jcmd) there is no curve to draw.
            if (steps.stream().anyMatch(step -> !step.heapAfterGcBytes().isEmpty())) {
                ScaleHeapChart.write(steps, out.resolve("scale-heap.png"));
            }
            Progress.log("results written to %s", out);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the results to " + out, e);
        }
    }
}
