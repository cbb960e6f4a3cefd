package dev.engram.bench.load;

import dev.engram.bench.RunIds;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The command line of {@code bin/engram-scale}.
 *
 * @param sizes sentences the project holds at each measured step, ascending
 * @param sentencesPerUser sentences of each generated memory user; a user a size leaves short is continued at the next
 * @param searches single-client searches measured at each size
 * @param runDirectory where the measured platform keeps its pid files and data ({@code bin/engram up}'s run folder)
 * @param runId names the generated users; a fresh one unless an interrupted load is resumed
 * @param resumed whether {@code runId} is an earlier run's, given with {@code --run-id}
 */
public record ScaleOptions(
        String runId,
        String gateway,
        String apiKey,
        List<Long> sizes,
        int sentencesPerUser,
        int searches,
        Duration settle,
        long seed,
        Path runDirectory,
        Path out,
        boolean resumed) {

    static final String USAGE = String.join(
            "\n",
            "usage: bin/engram-scale [--sizes 10000,100000,1000000] [--sentences-per-user N] [--searches N]",
            "                        [--gateway URL] [--api-key KEY] [--settle 3600s] [--seed N] [--run-id ID]",
            "                        [--out DIR]",
            "Grows one project of a running platform (bin/engram up) to each size with generated conversations of",
            "many users and measures, at every size: how fast the added sentences became searchable, single-client",
            "search latency, the vector index on disk, each process's resident memory and each Java process's heap",
            "in use after a full GC (jcmd GC.run, then GC.heap_info; jcmd from this JDK, JAVA_HOME or the PATH).",
            "Writes JSON, markdown and charts (scale.png, scale-heap.png); exits 1 when a request fails or indexing",
            "does not catch up within --settle.",
            "  --sizes               sentences in the project at each step (default 10000,100000)",
            "  --sentences-per-user  sentences of each memory user, in sessions of 50 turns a day apart (default",
            "                        1000); users are filled one after another, a user a size leaves short is",
            "                        continued at the next, so --sentences-per-user 100000 --sizes 100000 puts",
            "                        all 10^5 sentences into one user",
            "  --searches            searches measured at each size, after 50 unmeasured (default 200)",
            "  --gateway             the gateway (default http://127.0.0.1:8080)",
            "  --api-key             sent as a bearer token (default: ENGRAM_API_KEY)",
            "  --settle              how long one step may wait for indexing (default 3600s)",
            "  --seed                seed of the generated text and of the searched users (default 1)",
            "  --run-id              resumes the load of an earlier run (its id, and the same --seed and sizes):",
            "                        its conversations are generated again, those of users the platform holds",
            "                        whole are not sent again (the rest are, and stored once), and the run goes",
            "                        on where the earlier one stopped; times are counted from this run's start",
            "  --out                 results directory (default bench/target/results/<run id>, and",
            "                        <run id>.at-<this run's stamp> when resumed)",
            "The platform's run folder (ENGRAM_RUN_DIR, else .engram) gives the pids and the index directory.");

    public ScaleOptions {
        if (sizes.isEmpty()) {
            throw new IllegalArgumentException("--sizes needs at least one size");
        }
        for (int i = 0; i < sizes.size(); i++) {
            if (sizes.get(i) < 1 || (i > 0 && sizes.get(i) <= sizes.get(i - 1))) {
                throw new IllegalArgumentException("--sizes must be positive and ascending, was " + sizes);
            }
        }
        sizes = List.copyOf(sizes);
        if (sentencesPerUser < 1) {
            throw new IllegalArgumentException(
                    "--sentences-per-user must be a positive number of sentences, was " + sentencesPerUser);
        }
        if (searches < 1) {
            throw new IllegalArgumentException("--searches must be a positive number of searches, was " + searches);
        }
        if (settle.isNegative() || settle.isZero()) {
            throw new IllegalArgumentException("--settle must be longer than 0");
        }
        if (!gateway.startsWith("http://") && !gateway.startsWith("https://")) {
            throw new IllegalArgumentException("--gateway must be an http:// or https:// URL, was '" + gateway + "'");
        }
        apiKey = apiKey == null || apiKey.isBlank() ? null : apiKey;
    }

    /** The options of {@code args}; {@code freshRunId} names this run unless it resumes another. */
    public static ScaleOptions parse(String[] args, Map<String, String> env, Path home, String freshRunId) {
        String gateway = "http://127.0.0.1:8080";
        String apiKey = env.get("ENGRAM_API_KEY");
        List<Long> sizes = List.of(10_000L, 100_000L);
        int perUser = 1000;
        int searches = 200;
        Duration settle = Duration.ofHours(1);
        long seed = 1;
        String resumed = null;
        Path out = null;
        for (int i = 0; i < args.length; i++) {
            String option = args[i];
            if (option.equals("--help") || option.equals("-h")) {
                throw new LoadOptions.UsageRequested();
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(option + " needs a value");
            }
            String value = args[++i];
            try {
                switch (option) {
                    case "--gateway" -> gateway = value;
                    case "--api-key" -> apiKey = value;
                    case "--sizes" -> sizes = sizes(value);
                    case "--sentences-per-user" -> perUser = Integer.parseInt(value);
                    case "--searches" -> searches = Integer.parseInt(value);
                    case "--settle" -> settle = LoadOptions.parseDuration("--settle", value);
                    case "--seed" -> seed = Long.parseLong(value);
                    case "--run-id" -> resumed = new RunIds(value).runId();
                    case "--out" -> out = Path.of(value);
                    default -> throw new IllegalArgumentException("unknown option " + option);
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(option + " must be a whole number, was '" + value + "'");
            }
        }
        Path runDirectory = Path.of(
                env.getOrDefault("ENGRAM_RUN_DIR", home.resolve(".engram").toString()));
        String runId = resumed == null ? freshRunId : resumed;
        if (out == null) {
            String stamp = freshRunId.substring(freshRunId.indexOf('-') + 1);
            out = home.resolve("bench/target/results").resolve(resumed == null ? runId : runId + ".at-" + stamp);
        }
        return new ScaleOptions(
                runId, gateway, apiKey, sizes, perUser, searches, settle, seed, runDirectory, out, resumed != null);
    }

    private static List<Long> sizes(String value) {
        List<Long> sizes = new ArrayList<>();
        for (String size : value.split(",", -1)) {
            try {
                sizes.add(Long.parseLong(size.trim().replace("_", "")));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(
                        "--sizes must be whole numbers separated by commas, was '" + value + "'");
            }
        }
        return sizes;
    }
}
