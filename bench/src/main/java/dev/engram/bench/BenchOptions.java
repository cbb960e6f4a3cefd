package dev.engram.bench;

import dev.engram.embedding.EncoderModel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The command line of {@code bin/engram-bench}.
 *
 * @param questionLimit how many of the first LongMemEval questions to read; {@link #ALL_QUESTIONS} for all
 * @param gateway a running gateway to measure, or {@code null} to start a private platform
 * @param expand the {@code expand_context} of the quality pass, or {@code null} for none
 * @param baselineModels the models of the dense baselines; empty for none
 * @param rerankers the rerankers Engram is asked to use; empty for the service's default
 * @param modes the search modes measured, one quality pass each; empty for one pass in the service's default
 * @param abstention LongMemEval abstention questions to pick wherever they are in the file ({@link
 *     LongMemEvalDataset#IN_FILE_ORDER}: none picked, the questions read are the first ones of the file)
 * @param relevancePool relevance observation files of earlier runs to pool instead of running a benchmark; empty
 *     for a benchmark run
 * @param spread LongMemEval: take the scored questions at even steps through the file rather than its first ones
 * @param runId the run id to write under, or {@code null} for a fresh one; an earlier run's id, with {@code
 *     gateway}, searches that run's memory again where it is complete instead of ingesting it anew
 */
public record BenchOptions(
        BenchDataset dataset,
        Path data,
        int questionLimit,
        String gateway,
        Path out,
        int topK,
        ExpandContext expand,
        List<EncoderModel> baselineModels,
        List<String> rerankers,
        List<String> modes,
        int abstention,
        List<Path> relevancePool,
        boolean spread,
        String runId) {

    static final int DEFAULT_TOP_K = 50;
    static final int ALL_QUESTIONS = Integer.MAX_VALUE;
    static final List<EncoderModel> DEFAULT_BASELINE_MODELS =
            List.of(EncoderModel.ALL_MINILM_L6_V2, EncoderModel.BGE_SMALL_EN_V15);
    static final String USAGE = String.join(
            "\n",
            "usage: bin/engram-bench [--dataset locomo|longmemeval] [--data FILE] [--questions N] [--gateway URL]",
            "                        [--out DIR] [--top-k N] [--expand B,A[,N]] [--rerankers a,b]",
            "                        [--baseline-models <model>,...|none]",
            "                        [--modes direct,split,chain,auto] [--abstention K|all] [--pick first|spread]",
            "                        [--run-id ID]",
            "       bin/engram-bench --relevance-pool RUN.relevance.json,RUN.relevance.json [--out DIR]",
            "  --dataset          the benchmark: LoCoMo evidence recall (default) or LongMemEval retrieval",
            "  --data             a file in the dataset's format (default, from the repo root:",
            "                     ../shared/data/locomo/locomo-dev.json or ../shared/data/longmemeval/longmemeval-s-dev.json)",
            "  --questions        LongMemEval only: read only N questions of the file, for a quick run",
            "  --pick             LongMemEval only: which N: the first ones (default) or an even spread through the",
            "                     file, which is grouped by question type, so that every type is drawn from",
            "  --abstention       LongMemEval only: of the N questions, take the first K abstention (_abs) questions",
            "                     of the file wherever they are, and the first others for the rest (default: the",
            "                     first N of any kind); abstention questions are searched for the relevance",
            "                     measurement only, never scored",
            "  --gateway          measure a running platform (default: start a private one and stop it afterwards)",
            "  --out              where the JSON and markdown results go (default bench/target/results)",
            "  --top-k            top_k of the quality pass, 1-100 (default 50, so that recall@50 is measurable)",
            "  --expand           expand_context before,after[,matching|all|segment] of the quality pass (default: not sent)",
            "  --baseline-models  dense baselines to compute in-process (default all-minilm-l6-v2,bge-small-en-v1.5,",
            "                     the flat retrievers published beside LoCoMo and LongMemEval; all-minilm-l6-v2-q on request)",
            "  --rerankers        rerankers Engram fuses (rrf, bm25, embedding, cross-encoder; default: the service's)",
            "  --modes            search modes to measure, one quality pass each on the same ingest (default: the service's)",
            "  --run-id           with --gateway: write under this run id; memory users an earlier run of that id",
            "                     left complete are searched again without being ingested anew (a quick ablation",
            "                     of search settings on one ingest)",
            "  --relevance-pool   fit the relevance calibration over the observations of earlier runs (the",
            "                     <run>.relevance.json files every run writes) and report it; starts no platform",
            "Set ENGRAM_API_KEY when the gateway requires authentication.");

    public BenchOptions {
        if (questionLimit < 1) {
            throw new IllegalArgumentException("--questions must be at least 1, was " + questionLimit);
        }
        if (questionLimit != ALL_QUESTIONS && dataset != BenchDataset.LONGMEMEVAL) {
            throw new IllegalArgumentException("--questions applies to --dataset longmemeval only");
        }
        if (abstention != LongMemEvalDataset.IN_FILE_ORDER && dataset != BenchDataset.LONGMEMEVAL) {
            throw new IllegalArgumentException("--abstention applies to --dataset longmemeval only");
        }
        relevancePool = List.copyOf(relevancePool);
        baselineModels = List.copyOf(baselineModels);
        rerankers = List.copyOf(rerankers);
        modes = List.copyOf(modes);
        if (spread && dataset != BenchDataset.LONGMEMEVAL) {
            throw new IllegalArgumentException("--pick applies to --dataset longmemeval only");
        }
        if (runId != null && gateway == null) {
            throw new IllegalArgumentException(
                    "--run-id needs --gateway: a private platform starts empty, with no earlier run to reuse");
        }
        if (topK < 1 || topK > 100) {
            throw new IllegalArgumentException("--top-k must be 1-100 (the gateway's limit), was " + topK);
        }
    }

    /** Reads the arguments; relative defaults are resolved against the repository root {@code home}. */
    public static BenchOptions parse(String[] args, Path home) {
        BenchDataset dataset = BenchDataset.LOCOMO;
        Path data = null;
        int questionLimit = ALL_QUESTIONS;
        String gateway = null;
        Path out = home.resolve("bench/target/results");
        int topK = DEFAULT_TOP_K;
        ExpandContext expand = null;
        List<EncoderModel> models = DEFAULT_BASELINE_MODELS;
        List<String> rerankers = List.of();
        List<String> modes = List.of();
        int abstention = LongMemEvalDataset.IN_FILE_ORDER;
        List<Path> relevancePool = List.of();
        boolean spread = false;
        String runId = null;
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
                case "--dataset" -> dataset = BenchDataset.fromId(value);
                case "--data" -> data = Path.of(value);
                case "--questions" -> questionLimit = parseInt(option, value);
                case "--gateway" -> gateway = value;
                case "--out" -> out = Path.of(value);
                case "--top-k" -> topK = parseInt(option, value);
                case "--expand" -> expand = ExpandContext.parse(value);
                case "--baseline-models" -> models = models(value);
                case "--rerankers" -> rerankers = names(value);
                case "--modes" -> modes = names(value);
                case "--abstention" -> abstention = abstention(value);
                case "--pick" -> spread = pick(value);
                case "--run-id" -> runId = new RunIds(value).runId();
                case "--relevance-pool" ->
                    relevancePool = names(value).stream().map(Path::of).toList();
                default -> throw new IllegalArgumentException("unknown option " + option);
            }
        }
        if (data == null) {
            data = home.resolve(dataset.defaultData()).normalize();
        }
        return new BenchOptions(
                dataset,
                data,
                questionLimit,
                gateway,
                out,
                topK,
                expand,
                models,
                rerankers,
                modes,
                abstention,
                relevancePool,
                spread,
                runId);
    }

    private static boolean pick(String value) {
        return switch (value) {
            case "first" -> false;
            case "spread" -> true;
            default -> throw new IllegalArgumentException("--pick takes first or spread, was '" + value + "'");
        };
    }

    private static List<String> names(String value) {
        return Arrays.stream(value.split(","))
                .map(String::trim)
                .filter(name -> !name.isEmpty())
                .toList();
    }

    private static List<EncoderModel> models(String value) {
        if (value.isBlank() || value.equals("none")) {
            return List.of();
        }
        List<EncoderModel> models = new ArrayList<>();
        Arrays.stream(value.split(",")).map(EncoderModel::fromId).distinct().forEach(models::add);
        return models;
    }

    private static int abstention(String value) {
        if (value.trim().equals("all")) {
            return Integer.MAX_VALUE;
        }
        int count = parseInt("--abstention", value);
        if (count < 0) {
            throw new IllegalArgumentException("--abstention takes a count of 0 or more, or all; was " + count);
        }
        return count;
    }

    private static int parseInt(String option, String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " takes a whole number, was '" + value + "'");
        }
    }

    /** Thrown for {@code --help}: the caller prints the usage and exits successfully. */
    static final class UsageRequested extends RuntimeException {
        UsageRequested() {
            super(null, null, false, false);
        }
    }
}
