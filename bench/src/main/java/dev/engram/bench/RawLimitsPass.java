package dev.engram.bench;

import dev.engram.embedding.EncoderModel;
import dev.engram.embedding.EncoderSettings;
import dev.engram.embedding.SentenceEncoder;
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

            long started = System.nanoTime();
            encoder.embedAll(units);
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
                    settings.batchSize(),
                    units.size(),
                    batchSeconds,
                    asked.size(),
                    queries.p50(),
                    queries.p95(),
                    queriesPerSecond(encoder, asked));
        }
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
