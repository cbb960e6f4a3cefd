package dev.engram.bench;

import java.util.List;
import java.util.Map;

/**
 * The platform's speed against the physical floor, the embedding model, measured in one run (see the benchmark
 * guide, section 2): how close ingest and search come to what the model alone achieves, and what they cost in CPU.
 *
 * @param raw the model alone, in the bench's JVM, with the service's settings
 * @param sentences sentences and captions of the ingested turns, as the service embeds them; 0 when part of the
 *     data was not ingested in this run (a reused run id), so ingest ratios are not measured
 * @param ingestSeconds from the first {@code POST /v1/memories} until nothing was pending
 * @param ingestCpuSeconds CPU time each process spent during ingest; empty when not on this machine
 * @param warmIngestSeconds the same turns sent again, into new memory users, at the end of the run, when the
 *     platform's JVMs have compiled their hot code: from the first POST until nothing was pending; 0 when not
 *     measured
 * @param warmIngestCpuSeconds CPU time each process spent during the warm ingest; empty when not measured
 * @param searchP50Ms single-client search round trip, median, from the latency pass
 * @param searchTimers where the latency pass's searches spent their time, by the services' own timers; empty when
 *     they could not be read
 * @param peak many clients at once
 */
public record SpeedResult(
        RawLimits raw,
        int sentences,
        double ingestSeconds,
        Map<String, Double> ingestCpuSeconds,
        double warmIngestSeconds,
        Map<String, Double> warmIngestCpuSeconds,
        double searchP50Ms,
        List<TimerShare> searchTimers,
        PeakSearches peak) {

    public SpeedResult {
        searchTimers = List.copyOf(searchTimers);
        ingestCpuSeconds = Map.copyOf(ingestCpuSeconds);
        warmIngestCpuSeconds = Map.copyOf(warmIngestCpuSeconds);
    }

    public double ingestSentencesPerSecond() {
        return perSecond(ingestSeconds);
    }

    /** Ingested sentences per second ÷ the model's batch throughput; the target is 0.7 or more. */
    public double ingestEfficiency() {
        return efficiency(ingestSentencesPerSecond());
    }

    /** True when the turns were ingested a second time on the warm platform. */
    public boolean hasWarmIngest() {
        return sentences > 0 && warmIngestSeconds > 0;
    }

    public double warmIngestSentencesPerSecond() {
        return perSecond(warmIngestSeconds);
    }

    /** As {@link #ingestEfficiency()}, for the ingest on the warm platform. */
    public double warmIngestEfficiency() {
        return efficiency(warmIngestSentencesPerSecond());
    }

    /** CPU milliseconds of all processes per sentence of the warm ingest; 0 when unknown. */
    public double warmCpuMsPerSentence() {
        return sentences == 0 ? 0 : total(warmIngestCpuSeconds) * 1000 / sentences;
    }

    private double perSecond(double seconds) {
        return seconds <= 0 ? 0 : sentences / seconds;
    }

    private double efficiency(double sentencesPerSecond) {
        return raw.sentencesPerSecond() <= 0 ? 0 : sentencesPerSecond / raw.sentencesPerSecond();
    }

    /** Search p50 less query-embedding p50: what a search costs beyond embedding its query. */
    public double searchOverheadMs() {
        return searchP50Ms - raw.queryP50Ms();
    }

    /** Peak searches per second ÷ the model's query embeddings per second; the target is 0.5 or more. */
    public double searchEfficiency() {
        return raw.queriesPerSecond() <= 0 ? 0 : peak.searchesPerSecond() / raw.queriesPerSecond();
    }

    /** CPU milliseconds of all processes per ingested sentence; 0 when unknown. */
    public double cpuMsPerSentence() {
        return sentences == 0 ? 0 : total(ingestCpuSeconds) * 1000 / sentences;
    }

    static double total(Map<String, Double> cpuSeconds) {
        return cpuSeconds.values().stream().mapToDouble(Double::doubleValue).sum();
    }
}
