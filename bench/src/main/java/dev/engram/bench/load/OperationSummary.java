package dev.engram.bench.load;

import dev.engram.bench.LatencyResult;

/**
 * One row of the operations table.
 *
 * @param kind {@code add}, {@code search}, or {@code all} for both together
 * @param requests requests sent, answered or not
 * @param succeeded requests that succeeded (a 2xx; for an add, every episode created)
 * @param errors requests that did not
 * @param perSecond successful requests per second of the run
 * @param latency round trips of the successful requests, in milliseconds
 */
public record OperationSummary(
        String kind, long requests, long succeeded, long errors, double perSecond, LatencyResult latency) {

    static OperationSummary of(String kind, Tally tally, double seconds, RequestKind... kinds) {
        long requests = 0;
        long succeeded = 0;
        long errors = 0;
        LatencySamples samples = new LatencySamples();
        for (RequestKind each : kinds) {
            requests += tally.requests(each);
            succeeded += tally.succeeded(each);
            errors += tally.errors().total(each);
            samples.addAll(tally.latency(each));
        }
        return new OperationSummary(
                kind, requests, succeeded, errors, seconds > 0 ? succeeded / seconds : 0, samples.summary());
    }
}
