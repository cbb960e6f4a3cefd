package dev.engram.e2e.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** What one endpoint's share of a fuzz run sent and got, and what broke the contract. */
final class Tally {

    /** A request that broke the contract, with what it got and why that is wrong. */
    record Violation(int index, Case sent, Answer answer, List<String> reasons) {

        String describe() {
            if (sent == null) {
                return "after request #" + index + ", the API shows what the model does not hold:\n    "
                        + String.join("\n    ", reasons);
            }
            return "#" + index + " " + sent.label() + "\n    request: "
                    + sent.request().describe() + "\n    answer:  " + (answer == null ? "none" : answer.describe())
                    + "\n    broke:   " + String.join("; ", reasons);
        }
    }

    private final String endpoint;
    private final Map<Integer, Integer> statuses = new TreeMap<>();
    private final List<Violation> violations = new ArrayList<>();
    private int valid;
    private int hostile;
    private int rateLimited;
    private long nanos;

    Tally(String endpoint) {
        this.endpoint = endpoint;
    }

    void sent(Case sent, Answer answer, long tookNanos) {
        if (sent.isValid()) {
            valid++;
        } else {
            hostile++;
        }
        statuses.merge(answer.status(), 1, Integer::sum);
        nanos += tookNanos;
    }

    void rateLimited() {
        rateLimited++;
    }

    void violation(Violation violation) {
        violations.add(violation);
    }

    List<Violation> violations() {
        return violations;
    }

    int requests() {
        return valid + hostile;
    }

    String summary() {
        StringBuilder answers = new StringBuilder();
        statuses.forEach((status, count) ->
                answers.append(' ').append(status).append('x').append(count));
        return String.format(
                "%-55s %5d requests (%d valid, %d hostile) in %5.1f s; answers:%s%s; %d violations",
                endpoint,
                requests(),
                valid,
                hostile,
                nanos / 1e9,
                answers,
                rateLimited == 0 ? "" : "; " + rateLimited + " resent after 429",
                violations.size());
    }
}
