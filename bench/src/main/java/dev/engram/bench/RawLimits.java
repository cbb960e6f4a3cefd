package dev.engram.bench;

/**
 * What the embedding model alone achieves on this machine, in this JVM, with the settings vector-service uses:
 * the floor under every ingest and search cost.
 *
 * @param threads ONNX Runtime threads per model run
 * @param batchSize texts per model run
 * @param sentences the dataset's sentences and captions, as the service cuts them
 * @param timedSentences those of them embedded in one timed batch: all, or an even sample of a large dataset
 * @param batchSeconds wall time of that batch
 * @param queries questions embedded one at a time
 * @param queryP50Ms median time of one question's embedding
 * @param queryP95Ms 95th percentile of the same
 * @param queriesPerSecond questions embedded per second by one caller per core at once
 */
public record RawLimits(
        String model,
        int threads,
        int batchSize,
        int sentences,
        int timedSentences,
        double batchSeconds,
        int queries,
        double queryP50Ms,
        double queryP95Ms,
        double queriesPerSecond) {

    public double sentencesPerSecond() {
        return batchSeconds <= 0 ? 0 : timedSentences / batchSeconds;
    }
}
