package dev.engram.bench;

import java.time.Instant;
import java.util.List;

/**
 * Everything one LongMemEval run measured.
 *
 * @param platform a description of the private platform, otherwise the gateway URL
 * @param expand the quality pass's {@code expand_context}, or {@code null} when not sent
 * @param ingest null when the run did not reach Engram
 * @param latency null when the run did not reach Engram
 * @param speed against the embedding limit; null when the run did not reach Engram
 * @param relevance the relevance measurement of the first Engram pass; null when the run did not reach Engram
 */
public record LongMemEvalReport(
        String runId,
        Instant startedAt,
        double wallSeconds,
        String dataFile,
        String platform,
        int topK,
        ExpandContext expand,
        DatasetSummary dataset,
        List<LongMemEvalResult> retrievers,
        IngestResult ingest,
        LatencyResult latency,
        List<EmbeddingThroughput> embedding,
        RelevanceResult relevance,
        SpeedResult speed) {

    public LongMemEvalReport {
        retrievers = List.copyOf(retrievers);
        embedding = List.copyOf(embedding);
    }

    /**
     * How many questions were read and scored, and the size of their haystacks.
     *
     * @param abstentionPicked whether the abstention questions were picked wherever they are in the file
     *     ({@code --abstention}) rather than read among the first questions
     * @param abstentionTurns turns of the abstention questions' haystacks, ingested for the relevance measurement
     */
    public record DatasetSummary(
            int questionsInFile,
            int questionsRead,
            int scoredQuestions,
            int abstentionNotScored,
            int skippedWithoutEvidence,
            int sessions,
            int turns,
            int blankTurnsNotSent,
            boolean abstentionPicked,
            int abstentionTurns) {

        public static DatasetSummary of(LongMemEvalDataset dataset, boolean abstentionPicked) {
            return new DatasetSummary(
                    dataset.questionsInFile(),
                    dataset.questionsRead(),
                    dataset.questions().size(),
                    dataset.abstentionNotScored(),
                    dataset.skippedWithoutEvidence(),
                    dataset.sessionCount(),
                    dataset.turnCount(),
                    dataset.blankTurnsNotSent(),
                    abstentionPicked,
                    dataset.abstentionHaystacks().stream()
                            .mapToInt(h -> h.turns().size())
                            .sum());
        }
    }
}
