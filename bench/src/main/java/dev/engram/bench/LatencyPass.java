package dev.engram.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.sdk.Engram;
import java.util.List;
import java.util.Map;

/**
 * Search latency as one client sees it: every question once more, one at a time, with only the required
 * fields and {@code top_k} 10, so that the gateway's defaults are what is measured. The services are
 * first warmed up with the questions several times over, because a JVM compiles its hot paths only
 * after some thousand calls and a service runs for far longer than a benchmark; repeating questions
 * flatters nothing, since no search result or query embedding is cached on the search path.
 */
public final class LatencyPass {

    static final int TOP_K = 10;
    static final int WARM_UP_ROUNDS = 3;

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Engram gateway;
    private final RunIds ids;
    private final ServiceTimers timers;

    public LatencyPass(Engram gateway, RunIds ids, ServiceTimers timers) {
        this.gateway = gateway;
        this.ids = ids;
        this.timers = timers;
    }

    /**
     * The round trips, and what the services' timers say the measured searches (not the warm-up) spent where.
     *
     * @param roundTrips as the client measured them
     * @param timers per search, from the services' own timers; empty when they could not be read
     */
    public record Measured(LatencyResult roundTrips, List<TimerShare> timers) {

        public Measured {
            timers = List.copyOf(timers);
        }
    }

    public Measured run(List<Question> questions) {
        int warmUp = WARM_UP_ROUNDS * questions.size();
        for (int i = 0; i < warmUp; i++) {
            gateway.request("POST", "v1/memories/search", Map.of(), request(questions.get(i % questions.size())));
        }
        ServiceTimers.Snapshot before = timers.snapshot();
        double[] millis = new double[questions.size()];
        for (int i = 0; i < questions.size(); i++) {
            ObjectNode body = request(questions.get(i));
            long started = System.nanoTime();
            gateway.request("POST", "v1/memories/search", Map.of(), body);
            millis[i] = (System.nanoTime() - started) / 1e6;
        }
        return new Measured(
                LatencyResult.of(millis, warmUp), timers.perSearch(before, timers.snapshot(), questions.size()));
    }

    ObjectNode request(Question question) {
        ObjectNode body = JSON.createObjectNode();
        body.put("user_id", ids.userId(question.sampleId()));
        body.put("query", question.text());
        body.put("top_k", TOP_K);
        return body;
    }
}
