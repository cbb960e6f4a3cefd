package dev.engram.bench;

import dev.engram.embedding.EncoderModel;
import dev.engram.embedding.EncoderSettings;
import dev.engram.embedding.SentenceEncoder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Measures {@link RawLimits} with vector-service's own encoder. The model and its settings are those a private
 * platform of this run gets: the services inherit this JVM's environment ({@code ENGRAM_EMBEDDING_MODEL},
 * {@code ENGRAM_VECTOR_EMBEDDING_THREADS}, {@code ENGRAM_VECTOR_EMBEDDING_BATCH_SIZE}).
 */
public final class RawLimitsPass {

    private static final int WARM_UP_TEXTS = 256;
    private static final int MAX_QUERIES = 500;

    /**
     * The timed batch of a large dataset is an even sample of its texts (every k-th, so their lengths are those of
     * all): the whole LongMemEval dev file has 260,000, nine minutes of embedding for no better figure.
     */
    static final int MAX_TIMED_TEXTS = 20_000;

    private RawLimitsPass() {}

    public static RawLimits measure(List<Conversation> conversations, List<Question> questions) {
        EncoderModel model = EncoderModel.fromId(env("ENGRAM_EMBEDDING_MODEL").orElse("all-minilm-l6-v2"));
        EncoderSettings settings = EncoderSettings.of(
                env("ENGRAM_VECTOR_EMBEDDING_THREADS").map(Integer::valueOf),
                env("ENGRAM_VECTOR_EMBEDDING_BATCH_SIZE").map(Integer::valueOf));
        List<String> units = EmbeddingUnits.of(conversations);
        List<String> asked = questions.stream()
                .limit(MAX_QUERIES)
                .map(Question::text)
                .filter(text -> !text.isBlank())
                .toList();
        try (SentenceEncoder encoder = SentenceEncoder.open(model, settings)) {
            // The first runs pay for JIT and ONNX Runtime's set-up, which is not throughput.
            encoder.embedAll(units.subList(0, Math.min(WARM_UP_TEXTS, units.size())));
            asked.stream().limit(WARM_UP_TEXTS).forEach(encoder::embed);

            List<String> timed = evenSample(units, MAX_TIMED_TEXTS);
            long started = System.nanoTime();
            encoder.embedAll(timed);
            double batchSeconds = (System.nanoTime() - started) / 1e9;

            double[] millis = new double[asked.size()];
            for (int i = 0; i < asked.size(); i++) {
                long start = System.nanoTime();
                encoder.embed(asked.get(i));
                millis[i] = (System.nanoTime() - start) / 1e6;
            }
            LatencyResult queries = LatencyResult.of(millis, 0);
            return new RawLimits(
                    model.id(),
                    settings.threads(),
                    encoder.textsPerRun(),
                    units.size(),
                    timed.size(),
                    batchSeconds,
                    asked.size(),
                    queries.p50(),
                    queries.p95(),
                    queriesPerSecond(encoder, asked));
        }
    }

    /** Every k-th of the texts, k the smallest that leaves at most {@code max}; all of them when they are fewer. */
    static List<String> evenSample(List<String> texts, int max) {
        if (texts.size() <= max) {
            return texts;
        }
        int step = (texts.size() + max - 1) / max;
        List<String> sample = new ArrayList<>(texts.size() / step + 1);
        for (int i = 0; i < texts.size(); i += step) {
            sample.add(texts.get(i));
        }
        return sample;
    }

    /** One caller per core embedding questions one at a time, as concurrent searches do. */
    private static double queriesPerSecond(SentenceEncoder encoder, List<String> asked) {
        if (asked.isEmpty()) {
            return 0;
        }
        int total = Math.max(asked.size(), 200);
        double seconds = ConcurrentCalls.run(
                Runtime.getRuntime().availableProcessors(),
                total,
                i -> encoder.embed(asked.get(i % asked.size())),
                "embedding questions");
        return total / seconds;
    }

    private static Optional<String> env(String name) {
        return Optional.ofNullable(System.getenv(name)).filter(value -> !value.isBlank());
    }
}
