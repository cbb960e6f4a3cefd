package dev.engram.bench;

import dev.engram.bench.load.ServiceCpu;
import dev.engram.sdk.Engram;
import java.util.List;
import java.util.Map;

/**
 * The most searches per second the platform answers: {@link #CLIENTS} clients search the questions (default
 * request, as the latency pass) as fast as answers come, and the CPU the services spent meanwhile is read from
 * {@code /proc}. Runs after the latency pass, so the services are warm.
 */
public final class PeakSearchPass {

    static final int CLIENTS = 8;
    private static final int MIN_SEARCHES = 400;

    private final Engram gateway;
    private final LatencyPass requests;
    private final ServiceCpu cpu;

    public PeakSearchPass(Engram gateway, RunIds ids, ServiceCpu cpu) {
        this.gateway = gateway;
        this.requests = new LatencyPass(gateway, ids, ServiceTimers.none());
        this.cpu = cpu;
    }

    public PeakSearches run(List<Question> questions) {
        if (questions.isEmpty()) {
            return new PeakSearches(CLIENTS, 0, 0, Map.of());
        }
        int total = Math.max(MIN_SEARCHES, 2 * questions.size());
        Map<String, Long> before = cpu.snapshot();
        double seconds = ConcurrentCalls.run(
                CLIENTS,
                total,
                i -> gateway.request(
                        "POST", "v1/memories/search", Map.of(), requests.request(questions.get(i % questions.size()))),
                "a search of the peak pass");
        return new PeakSearches(CLIENTS, total, seconds, ServiceCpu.secondsBetween(before, cpu.snapshot()));
    }
}
