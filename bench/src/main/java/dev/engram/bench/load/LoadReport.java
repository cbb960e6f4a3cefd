package dev.engram.bench.load;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Everything one load run measured and found.
 *
 * @param command the command line, API key hidden
 * @param text where the conversation text came from
 * @param load what the clients' requests came to
 * @param indexing what the check after the load found
 * @param phases the open loop's phases, one per offered rate; empty for a closed loop
 */
public record LoadReport(
        String runId,
        Instant startedAt,
        String command,
        LoadOptions options,
        String text,
        LoadRun.Result load,
        IndexingOutcome indexing,
        List<OpenLoopRun.Result> phases) {

    /** The row of a CPU table that adds every service up. */
    public static final String ALL_SERVICES = "all";

    public LoadReport {
        phases = List.copyOf(phases);
    }

    /** One phase of the open loop as a row: its adds and searches, latency from the intended send times. */
    public record PhaseSummary(
            double offered,
            double achieved,
            OperationSummary adds,
            OperationSummary searches,
            long lateStarts,
            Map<String, Double> cpuMsPerRequest) {}

    public List<PhaseSummary> phaseSummaries() {
        return phases.stream()
                .map(phase -> new PhaseSummary(
                        phase.rate(),
                        (phase.tally().requests(RequestKind.ADD) + phase.tally().requests(RequestKind.SEARCH))
                                / phase.seconds(),
                        OperationSummary.of(RequestKind.ADD.label(), phase.tally(), phase.seconds(), RequestKind.ADD),
                        OperationSummary.of(
                                RequestKind.SEARCH.label(), phase.tally(), phase.seconds(), RequestKind.SEARCH),
                        phase.lateStarts(),
                        cpuPerRequest(phase)))
                .toList();
    }

    /** Each service's CPU milliseconds per request sent in the phase, and {@code all} of them together. */
    private static Map<String, Double> cpuPerRequest(OpenLoopRun.Result phase) {
        long requests = phase.tally().requests(RequestKind.ADD) + phase.tally().requests(RequestKind.SEARCH);
        Map<String, Double> perRequest = new TreeMap<>();
        if (requests == 0 || phase.cpuSeconds().isEmpty()) {
            return perRequest;
        }
        phase.cpuSeconds().forEach((service, seconds) -> perRequest.put(service, seconds * 1000 / requests));
        perRequest.put(
                ALL_SERVICES,
                perRequest.values().stream().mapToDouble(Double::doubleValue).sum());
        return perRequest;
    }

    /** Adds, searches, and both together. */
    public List<OperationSummary> operations() {
        Tally tally = load.tally();
        double seconds = load.seconds();
        return List.of(
                OperationSummary.of(RequestKind.ADD.label(), tally, seconds, RequestKind.ADD),
                OperationSummary.of(RequestKind.SEARCH.label(), tally, seconds, RequestKind.SEARCH),
                OperationSummary.of("all", tally, seconds, RequestKind.ADD, RequestKind.SEARCH));
    }

    /** Every failed request: the load's and the check's. */
    public ErrorCounts errors() {
        ErrorCounts all = new ErrorCounts();
        all.addAll(load.tally().errors());
        all.addAll(indexing.errors());
        return all;
    }

    /** Why the run failed, one reason a line; empty when it passed. */
    public List<String> failures() {
        List<String> failures = new ArrayList<>();
        long errors = errors().total();
        if (errors > 0) {
            failures.add(errors + " request(s) failed");
        }
        if (indexing.missing() > 0) {
            failures.add(indexing.missing() + " accepted episode(s) are not stored");
        }
        if (indexing.usersUnread() > 0) {
            failures.add("the status of " + indexing.usersUnread() + " user(s) could not be read");
        }
        if (!indexing.caughtUp()) {
            failures.add(
                    indexing.usersUnread() > 0
                            ? String.format(
                                    Locale.ROOT,
                                    "indexing was not seen to catch up within %.0f s after the load",
                                    indexing.seconds())
                            : String.format(
                                    Locale.ROOT,
                                    "indexing had not caught up %.0f s after the load (%d episode(s) pending)",
                                    indexing.seconds(),
                                    indexing.pending()));
        }
        return failures;
    }

    public boolean passed() {
        return failures().isEmpty();
    }
}
