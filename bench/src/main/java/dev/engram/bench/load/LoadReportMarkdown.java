package dev.engram.bench.load;

import dev.engram.bench.LatencyResult;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Renders a load run as markdown: the settings, the operations table, the errors, the episodes and the verdict. */
public final class LoadReportMarkdown {

    /** Users short of episodes listed by name; the JSON lists them all. */
    static final int USERS_LISTED = 10;

    private LoadReportMarkdown() {}

    public static String render(LoadReport report) {
        LoadOptions options = report.options();
        StringBuilder md = new StringBuilder();
        md.append("# Engram load run — ").append(report.runId()).append("\n\n");
        md.append("`").append(report.command()).append("`\n\n");
        if (options.openLoop()) {
            md.append(format(
                    "Gateway %s (API key %s); an open loop: for %s at each offered rate, requests sent on schedule"
                            + " whatever the answers do (ran %.1f s in all): %.0f%% adds of %d episodes, the rest"
                            + " searches (top_k %d); %d workloads of %d users each, in turn; text: %s; seed %d.%n%n",
                    options.gateway(),
                    options.apiKey() == null ? "not sent" : "sent",
                    seconds(options.duration().toMillis() / 1000.0),
                    report.load().seconds(),
                    options.addRatio() * 100,
                    options.batch(),
                    ClientWorkload.TOP_K,
                    options.clients(),
                    options.usersPerClient(),
                    report.text(),
                    options.seed()));
            appendPhases(md, report.phaseSummaries());
            md.append("\n## All phases together\n\n");
        } else {
            md.append(format(
                    "Gateway %s (API key %s); %d clients for %s (ran %.1f s), each sending its next request when the"
                            + " last is answered: %.0f%% adds of %d episodes, the rest searches (top_k %d); %d users"
                            + " per client; text: %s; seed %d.%n%n",
                    options.gateway(),
                    options.apiKey() == null ? "not sent" : "sent",
                    options.clients(),
                    seconds(options.duration().toMillis() / 1000.0),
                    report.load().seconds(),
                    options.addRatio() * 100,
                    options.batch(),
                    ClientWorkload.TOP_K,
                    options.usersPerClient(),
                    report.text(),
                    options.seed()));
        }
        appendOperations(md, report.operations());
        appendErrors(md, report.errors());
        appendEpisodes(md, report);
        List<String> failures = report.failures();
        md.append(failures.isEmpty() ? "\n**PASS**\n" : "\n**FAIL**: " + String.join("; ", failures) + ".\n");
        return md.toString();
    }

    private static void appendOperations(StringBuilder md, List<OperationSummary> operations) {
        md.append("| kind | requests | ok | errors | ok/s | p50 ms | p95 ms | p99 ms | max ms |\n");
        md.append("|---|---|---|---|---|---|---|---|---|\n");
        for (OperationSummary operation : operations) {
            LatencyResult latency = operation.latency();
            md.append(format(
                    "| %s | %d | %d | %d | %.1f | %.1f | %.1f | %.1f | %.1f |%n",
                    operation.kind(),
                    operation.requests(),
                    operation.succeeded(),
                    operation.errors(),
                    operation.perSecond(),
                    latency.p50(),
                    latency.p95(),
                    latency.p99(),
                    latency.max()));
        }
        md.append("\nLatency: the round trip of each successful request as its client measured it"
                + " (System.nanoTime), nearest-rank percentiles over every sample.\n");
    }

    private static void appendPhases(StringBuilder md, List<LoadReport.PhaseSummary> phases) {
        md.append("| offered /s | sent /s | search ok/s | search p50 | p95 | p99 | add ok/s | add p50 | p95 | p99 |"
                + " errors | late starts |\n");
        md.append("|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (LoadReport.PhaseSummary phase : phases) {
            LatencyResult search = phase.searches().latency();
            LatencyResult add = phase.adds().latency();
            md.append(format(
                    "| %.0f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %d | %d |%n",
                    phase.offered(),
                    phase.achieved(),
                    phase.searches().perSecond(),
                    search.p50(),
                    search.p95(),
                    search.p99(),
                    phase.adds().perSecond(),
                    add.p50(),
                    add.p95(),
                    add.p99(),
                    phase.searches().errors() + phase.adds().errors(),
                    phase.lateStarts()));
        }
        md.append("\nLatency in ms from each request's intended send time to its answer, so time queued behind a"
                + " slow gateway counts; late starts: requests that left more than 10 ms late because all "
                + OpenLoopRun.SENDERS
                + " senders were busy (their wait is in their latency too). Chart: open-loop.png.\n");
        List<String> services = phases.stream()
                .flatMap(phase -> phase.cpuMsPerRequest().keySet().stream())
                .distinct()
                .filter(service -> !service.equals(LoadReport.ALL_SERVICES))
                .sorted()
                .toList();
        if (services.isEmpty()) {
            return;
        }
        md.append(
                "\nCPU ms per request (user and system time from /proc/<pid>/stat of each process bin/engram up started):\n\n");
        md.append("| offered /s | ").append(String.join(" | ", services)).append(" | all |\n");
        md.append("|---|").append("---|".repeat(services.size() + 1)).append('\n');
        for (LoadReport.PhaseSummary phase : phases) {
            md.append(format("| %.0f |", phase.offered()));
            for (String service : services) {
                md.append(format(" %.2f |", phase.cpuMsPerRequest().getOrDefault(service, Double.NaN)));
            }
            md.append(format(" %.2f |%n", phase.cpuMsPerRequest().getOrDefault(LoadReport.ALL_SERVICES, Double.NaN)));
        }
    }

    private static void appendErrors(StringBuilder md, ErrorCounts errors) {
        md.append("\n## Errors\n\n");
        if (errors.total() == 0) {
            md.append("None.\n");
            return;
        }
        md.append("| kind | cause | count |\n|---|---|---|\n");
        for (Map.Entry<ErrorCounts.Key, Long> row : errors.byCause().entrySet()) {
            md.append(format(
                    "| %s | %s | %d |%n",
                    row.getKey().kind().label(), row.getKey().cause(), row.getValue()));
        }
    }

    private static void appendEpisodes(StringBuilder md, LoadReport report) {
        IndexingOutcome indexing = report.indexing();
        md.append("\n## Episodes\n\n");
        md.append("| sent | accepted (created) | stored | indexed | pending | missing |\n");
        md.append("|---|---|---|---|---|---|\n");
        md.append(format(
                "| %d | %d | %d | %d | %d | %d |%n%n",
                report.load().tally().episodesSent(),
                indexing.accepted(),
                indexing.stored(),
                indexing.indexed(),
                indexing.pending(),
                indexing.missing()));
        if (indexing.caughtUp()) {
            md.append(format(
                    "Indexing caught up (pending 0 for all %d users written to) %.1f s after the load stopped.%n",
                    indexing.users(), indexing.seconds()));
        } else {
            md.append(format(
                    "Indexing had not caught up %.1f s after the load stopped: %d episodes pending.%n",
                    indexing.seconds(), indexing.pending()));
        }
        if (indexing.usersUnread() > 0) {
            md.append(format(
                    "The status of %d of the %d users written to could not be read (see Errors): their accepted"
                            + " episodes are in the accepted count only.%n",
                    indexing.usersUnread(), indexing.users()));
        }
        List<String> usersShort = indexing.usersShort();
        if (!usersShort.isEmpty()) {
            md.append("Users with accepted episodes missing: ")
                    .append(String.join(", ", usersShort.subList(0, Math.min(USERS_LISTED, usersShort.size()))))
                    .append(usersShort.size() > USERS_LISTED ? ", …" : "")
                    .append('\n');
        }
    }

    private static String seconds(double seconds) {
        return seconds == Math.rint(seconds) ? format("%.0f s", seconds) : format("%.3f s", seconds);
    }

    private static String format(String pattern, Object... args) {
        return String.format(Locale.ROOT, pattern, args);
    }
}
