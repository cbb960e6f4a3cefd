package dev.engram.bench;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * Search latency as one client sees it: every question once more, one at a time, with only the required
 * fields and {@code top_k} 10, so that the gateway's defaults are what is measured.
 */
public final class LatencyPass {

    static final int TOP_K = 10;
    static final int WARM_UP = 20;

    private final GatewayClient gateway;
    private final RunIds ids;

    public LatencyPass(GatewayClient gateway, RunIds ids) {
        this.gateway = gateway;
        this.ids = ids;
    }

    public LatencyResult run(List<Question> questions) {
        int warmUp = Math.min(WARM_UP, questions.size());
        for (int i = 0; i < warmUp; i++) {
            gateway.search(request(questions.get(i)));
        }
        double[] millis = new double[questions.size()];
        for (int i = 0; i < questions.size(); i++) {
            ObjectNode body = request(questions.get(i));
            long started = System.nanoTime();
            gateway.search(body);
            millis[i] = (System.nanoTime() - started) / 1e6;
        }
        return LatencyResult.of(millis, warmUp);
    }

    private ObjectNode request(Question question) {
        ObjectNode body = gateway.json().createObjectNode();
        body.put("user_id", ids.userId(question.sampleId()));
        body.put("query", question.text());
        body.put("top_k", TOP_K);
        return body;
    }
}
