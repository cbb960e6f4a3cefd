package dev.engram.bench.load;

import dev.engram.bench.LatencyResult;
import java.util.Map;

/**
 * The platform at one size of a scale run.
 *
 * @param sentences sentences (and their turns) stored in the project by the end of this step
 * @param users memory users holding them
 * @param addedSentences sentences this step sent
 * @param ingestSeconds from this step's first add until nothing it sent was pending
 * @param search single-client search round trips at this size, over users chosen at random
 * @param indexBytes size of vector-service's index directory on disk; -1 when not on this machine
 * @param residentBytes resident memory of each process ({@code VmRSS}); empty when not on this machine
 */
public record ScaleStep(
        long sentences,
        int users,
        long addedSentences,
        double ingestSeconds,
        LatencyResult search,
        long indexBytes,
        Map<String, Long> residentBytes) {

    public ScaleStep {
        residentBytes = Map.copyOf(residentBytes);
    }

    public double sentencesPerSecond() {
        return ingestSeconds <= 0 ? 0 : addedSentences / ingestSeconds;
    }
}
