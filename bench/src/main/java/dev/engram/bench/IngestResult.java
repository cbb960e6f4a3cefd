package dev.engram.bench;

/**
 * How long the platform took to make a dataset searchable.
 *
 * @param episodes episodes sent
 * @param requests {@code POST /v1/memories} calls
 * @param acceptedSeconds from the first POST until the last one was answered (episodes durable)
 * @param searchableSeconds from the first POST until every user's status showed {@code pending = 0}
 * @param reusedEpisodes episodes not sent because an earlier run of the same run id left their user complete
 */
public record IngestResult(
        int episodes, int requests, double acceptedSeconds, double searchableSeconds, int reusedEpisodes) {

    /** End-to-end throughput: durable and indexed episodes per second. */
    public double episodesPerSecond() {
        return searchableSeconds <= 0 ? 0 : episodes / searchableSeconds;
    }
}
