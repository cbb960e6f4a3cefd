package dev.engram.bench.load;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The command line of {@code bin/engram-load}.
 *
 * @param gateway the running gateway to load
 * @param apiKey sent as a bearer token; {@code null} when none was given (authentication off)
 * @param clients concurrent clients, each with users of its own
 * @param duration how long the clients keep sending requests
 * @param addRatio the share of requests that add episodes; the others search
 * @param batch episodes per add
 * @param usersPerClient memory users each client writes to and searches
 * @param data the LoCoMo-format file the text comes from, or {@code null} for text generated from {@code seed}
 * @param seed drives the generated text and every client's sequence of requests
 * @param settle how long to wait, after the load, for indexing to catch up
 * @param out the directory this run's results go to
 * @param rates offered loads in requests per second, one open-loop phase of {@code duration} each, in order;
 *     empty for the closed loop of {@code clients} clients
 */
public record LoadOptions(
        String gateway,
        String apiKey,
        int clients,
        Duration duration,
        double addRatio,
        int batch,
        int usersPerClient,
        Path data,
        long seed,
        Duration settle,
        Path out,
        List<Double> rates) {

    static final String GENERATED = "generated";
    static final String USAGE = String.join(
            "\n",
            "usage: bin/engram-load [--gateway URL] [--clients N] [--duration 60s] [--add-ratio 0.3] [--batch N]",
            "                       [--users N] [--data FILE|generated] [--seed N] [--settle 120s] [--out DIR]",
            "                       [--api-key KEY] [--rates 10,50,100,200]",
            "Loads a running gateway (start one with bin/engram up) for a fixed time, then checks that every",
            "accepted episode is stored and waits for indexing to catch up. Exits 1 on any failed request, any",
            "accepted episode not stored, or indexing still behind after --settle; 2 when it cannot start.",
            "  --gateway    the gateway (default http://127.0.0.1:8080)",
            "  --clients    concurrent clients, each with users of its own (default 32)",
            "  --duration   how long to send requests: 90, 90s, 2m or 500ms (default 60s)",
            "  --add-ratio  share of requests that are POST /v1/memories, 0-1; the rest search (default 0.3)",
            "  --batch      episodes per POST /v1/memories, 1-1000 (default 4)",
            "  --users      memory users per client (default 2)",
            "  --data       LoCoMo-format JSON the text comes from (default ../shared/data/locomo/locomo-dev.json",
            "               from the repo root when it exists); 'generated' invents the text from --seed",
            "  --seed       seed of the generated text and of each client's mix (default 1)",
            "  --settle     how long to wait after the load for pending to reach 0 (default 120s)",
            "  --out        where the JSON and markdown results go (default bench/target/results/<run id>)",
            "  --api-key    sent as 'Authorization: Bearer <key>' (default: ENGRAM_API_KEY; none when unset)",
            "  --rates      an open loop instead: requests per second, one phase of --duration each, sent on",
            "               schedule whatever the answers do; latency counts from each intended send time");

    /** Beyond this one sending thread cannot keep the schedule. */
    static final double MAX_RATE = 5000;

    private static final Pattern DURATION = Pattern.compile("(\\d{1,9})(ms|s|m)?");

    public LoadOptions {
        if (!gateway.startsWith("http://") && !gateway.startsWith("https://")) {
            throw new IllegalArgumentException("--gateway must be an http:// or https:// URL, was '" + gateway + "'");
        }
        apiKey = apiKey == null || apiKey.isBlank() ? null : apiKey;
        requireBetween("--clients", clients, 1, 4096);
        requireBetween("--batch", batch, 1, 1000);
        requireBetween("--users", usersPerClient, 1, 1_000_000);
        if (duration.isZero()) {
            throw new IllegalArgumentException("--duration must be longer than 0");
        }
        if (!(addRatio >= 0 && addRatio <= 1)) {
            throw new IllegalArgumentException("--add-ratio must be between 0 and 1, was " + addRatio);
        }
        rates = List.copyOf(rates);
        for (double rate : rates) {
            if (!(rate > 0 && rate <= MAX_RATE)) {
                throw new IllegalArgumentException("--rates must be above 0 and at most " + MAX_RATE + ", was " + rate);
            }
        }
    }

    /** Whether this run is an open loop at fixed rates. */
    public boolean openLoop() {
        return !rates.isEmpty();
    }

    /**
     * Reads the arguments. Relative defaults are resolved against the repository root {@code home}; the
     * default results directory is named after the run.
     */
    public static LoadOptions parse(String[] args, Map<String, String> env, Path home, String runId) {
        String gateway = "http://127.0.0.1:8080";
        String apiKey = env.get("ENGRAM_API_KEY");
        int clients = 32;
        Duration duration = Duration.ofSeconds(60);
        double addRatio = 0.3;
        int batch = 4;
        int users = 2;
        Path defaultData = home.resolve("../shared/data/locomo/locomo-dev.json").normalize();
        Path data = Files.isRegularFile(defaultData) ? defaultData : null;
        long seed = 1;
        Duration settle = Duration.ofSeconds(120);
        Path out = home.resolve("bench/target/results").resolve(runId);
        List<Double> rates = List.of();
        for (int i = 0; i < args.length; i++) {
            String option = args[i];
            if (option.equals("--help") || option.equals("-h")) {
                throw new UsageRequested();
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(option + " needs a value");
            }
            String value = args[++i];
            switch (option) {
                case "--gateway" -> gateway = value;
                case "--api-key" -> apiKey = value;
                case "--clients" -> clients = parseInt(option, value);
                case "--duration" -> duration = parseDuration(option, value);
                case "--add-ratio" -> addRatio = parseRatio(option, value);
                case "--batch" -> batch = parseInt(option, value);
                case "--users" -> users = parseInt(option, value);
                case "--data" -> data = value.equals(GENERATED) ? null : existingFile(value);
                case "--seed" -> seed = parseLong(option, value);
                case "--settle" -> settle = parseDuration(option, value);
                case "--out" -> out = Path.of(value);
                case "--rates" -> rates = parseRates(option, value);
                default -> throw new IllegalArgumentException("unknown option " + option);
            }
        }
        return new LoadOptions(
                gateway, apiKey, clients, duration, addRatio, batch, users, data, seed, settle, out.normalize(), rates);
    }

    /** Whole seconds, minutes or milliseconds; a bare number is seconds. */
    static Duration parseDuration(String option, String value) {
        Matcher matcher = DURATION.matcher(value.trim());
        if (!matcher.matches()) {
            throw new IllegalArgumentException(
                    option + " takes a duration like 90, 90s, 2m or 500ms, was '" + value + "'");
        }
        long amount = Long.parseLong(matcher.group(1));
        String unit = matcher.group(2) == null ? "s" : matcher.group(2);
        return switch (unit) {
            case "ms" -> Duration.ofMillis(amount);
            case "m" -> Duration.ofMinutes(amount);
            default -> Duration.ofSeconds(amount);
        };
    }

    private static List<Double> parseRates(String option, String value) {
        List<Double> rates = new ArrayList<>();
        for (String rate : value.split(",")) {
            try {
                rates.add(Double.parseDouble(rate.trim()));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(
                        option + " takes requests per second separated by commas, like 10,50,100, was '" + value + "'");
            }
        }
        return rates;
    }

    private static double parseRatio(String option, String value) {
        try {
            return Double.parseDouble(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " takes a number between 0 and 1, was '" + value + "'");
        }
    }

    private static int parseInt(String option, String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " takes a whole number, was '" + value + "'");
        }
    }

    private static long parseLong(String option, String value) {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " takes a whole number, was '" + value + "'");
        }
    }

    private static Path existingFile(String value) {
        Path file = Path.of(value);
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("--data: no file at " + value + " (or 'generated' for invented text)");
        }
        return file;
    }

    private static void requireBetween(String option, long value, long min, long max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(option + " must be " + min + "-" + max + ", was " + value);
        }
    }

    /** Thrown for {@code --help}: the caller prints the usage and exits successfully. */
    static final class UsageRequested extends RuntimeException {
        UsageRequested() {
            super(null, null, false, false);
        }
    }
}
