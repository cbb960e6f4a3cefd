package dev.engram.bench;

import java.time.Instant;
import java.util.List;

/**
 * Everything one run measured.
 *
 * @param platform {@code embedded} for a private platform, otherwise the gateway URL
 * @param expand the quality pass's {@code expand_context}, or {@code null} when not sent
 * @param baselineDepth turns in each ranked list of the flat baselines
 * @param ingest null when the run did not reach Engram
 * @param latency null when the run did not reach Engram
 * @param speed against the embedding limit; null when the run did not reach Engram
 * @param relevance the relevance measurement of the first Engram pass; null when the run did not reach Engram
 */
public record BenchReport(
        String runId,
        Instant startedAt,
        double wallSeconds,
        String dataFile,
        String platform,
        int topK,
        ExpandContext expand,
        int baselineDepth,
        DatasetSummary dataset,
        List<RetrieverResult> retrievers,
        IngestResult ingest,
        LatencyResult latency,
        List<EmbeddingThroughput> embedding,
        RelevanceResult relevance,
        SpeedResult speed) {

    public BenchReport {
        retrievers = List.copyOf(retrievers);
        embedding = List.copyOf(embedding);
    }

    /** The size of the dataset and how many of its questions were scored. */
    public record DatasetSummary(
            int conversations, int sessions, int turns, int scoredQuestions, int excludedAdversarial, int skipped) {

        public static DatasetSummary of(LocomoDataset dataset) {
            return new DatasetSummary(
                    dataset.conversations().size(),
                    dataset.conversations().stream()
                            .mapToInt(c -> c.sessions().size())
                            .sum(),
                    dataset.turnCount(),
                    dataset.questions().size(),
                    dataset.excludedAdversarial(),
                    dataset.skippedWithoutEvidence());
        }
    }
}
