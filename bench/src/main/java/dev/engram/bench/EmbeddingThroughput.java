package dev.engram.bench;

/**
 * How fast a model embedded in this run, in this JVM, with the model's default thread pool (all cores).
 *
 * @param texts turns embedded in the timed batch (one text = one turn's content)
 * @param seconds wall time of that batch
 * @param queries questions embedded one at a time
 * @param queryMillisMean mean wall time of one question's embedding
 */
public record EmbeddingThroughput(String model, int texts, double seconds, int queries, double queryMillisMean) {

    public double textsPerSecond() {
        return seconds <= 0 ? 0 : texts / seconds;
    }
}
