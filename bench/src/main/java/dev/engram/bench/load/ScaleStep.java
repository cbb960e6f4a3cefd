package dev.engram.bench.load;

import dev.engram.bench.LatencyResult;
import java.util.Map;

/**
 * The platform at one size of a scale run.
 *
 * @param sentences sentences (and their turns) stored in the project by the end of this step
 * @param users memory users holding them: every user the run has written to so far
 * @param addedSentences sentences this step sent
 * @param ingestSeconds from this step's first add until nothing it sent was pending
 * @param search single-client search round trips at this size, over users chosen at random
 * @param indexBytes size of vector-service's index directory on disk; -1 when not on this machine
 * @param residentBytes resident memory of each process ({@code VmRSS}); empty when not on this machine
 * @param heapAfterGcBytes heap each Java process uses after a full collection ({@link HeapAfterGc}); a process
 *     that could not be measured is left out
 */
public record ScaleStep(
        long sentences,
        int users,
        long addedSentences,
        double ingestSeconds,
        LatencyResult search,
        long indexBytes,
        Map<String, Long> residentBytes,
        Map<String, Long> heapAfterGcBytes) {

    public ScaleStep {
        residentBytes = Map.copyOf(residentBytes);
        heapAfterGcBytes = Map.copyOf(heapAfterGcBytes);
    }

    public double sentencesPerSecond() {
        return ingestSeconds <= 0 ? 0 : addedSentences / ingestSeconds;
    }
}
