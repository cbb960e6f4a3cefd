package dev.engram.bench;

import java.util.Map;

/**
 * @param clients searching at once
 * @param searches answered
 * @param seconds wall time of the pass
 * @param cpuSeconds CPU time each process of the platform spent meanwhile; empty when not on this machine
 */
public record PeakSearches(int clients, int searches, double seconds, Map<String, Double> cpuSeconds) {

    public PeakSearches {
        cpuSeconds = Map.copyOf(cpuSeconds);
    }

    public double searchesPerSecond() {
        return seconds <= 0 ? 0 : searches / seconds;
    }

    /** CPU milliseconds of all processes per search; 0 when unknown. */
    public double cpuMsPerSearch() {
        return searches == 0 ? 0 : SpeedResult.total(cpuSeconds) * 1000 / searches;
    }
}
