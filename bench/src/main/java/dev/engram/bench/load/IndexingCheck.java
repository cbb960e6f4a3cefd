package dev.engram.bench.load;

import dev.engram.bench.Progress;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The check after the load: reads {@code GET /v1/memories/status} of the users the load wrote to, round after
 * round, until each has nothing pending or the settle time is over. An add is durable when it is answered,
 * so {@code stored} must cover the accepted episodes; {@code pending} reaching 0 says the index has caught up with
 * them. The platform indexes in the order episodes arrived, so a round asks after the users in the order they were
 * written to and stops at the first one still pending. Asking after all of them in every round, one call after the
 * other, took a large share of the cores from the indexing it waited for once a load had hundreds of users (a status
 * read is a few milliseconds of the gateway's, ingest-service's and PostgreSQL's time). When the settle time is
 * over, every user still waiting is read once, so that the outcome covers them all.
 */
public final class IndexingCheck {

    private static final Duration PROGRESS_INTERVAL = Duration.ofSeconds(10);

    private final RawGateway gateway;
    private final Duration pollInterval;

    public IndexingCheck(RawGateway gateway, Duration pollInterval) {
        this.gateway = gateway;
        this.pollInterval = pollInterval;
    }

    public IndexingOutcome await(Map<String, Long> acceptedByUser, Duration settle) throws InterruptedException {
        ErrorCounts errors = new ErrorCounts();
        Map<String, UserStatus> last = new HashMap<>();
        Set<String> waiting = new LinkedHashSet<>(acceptedByUser.keySet());
        long started = System.nanoTime();
        long deadline = started + settle.toNanos();
        long nextProgress = started + PROGRESS_INTERVAL.toNanos();
        while (true) {
            Set<String> asked = readRound(waiting, Set.of(), last, errors, true);
            long now = System.nanoTime();
            if (waiting.isEmpty()) {
                return IndexingOutcome.of(acceptedByUser, last, true, (now - started) / 1e9, errors);
            }
            if (now >= deadline) {
                readRound(waiting, asked, last, errors, false);
                return IndexingOutcome.of(acceptedByUser, last, waiting.isEmpty(), (now - started) / 1e9, errors);
            }
            if (now >= nextProgress) {
                // A user not asked after yet counts with all its accepted episodes, which is at most what it has
                // pending.
                long pending = waiting.stream()
                        .mapToLong(
                                user -> last.containsKey(user) ? last.get(user).pending() : acceptedByUser.get(user))
                        .sum();
                Progress.log("indexing: at most %d episodes of %d users pending", pending, waiting.size());
                nextProgress = now + PROGRESS_INTERVAL.toNanos();
            }
            Thread.sleep(pollInterval.toMillis());
        }
    }

    /**
     * Reads the waiting users in order, but for those {@code skip} names, dropping those with nothing pending, and
     * stops at the first one still pending (or unread) when asked to; emits the users it asked after.
     */
    private Set<String> readRound(
            Set<String> waiting,
            Set<String> skip,
            Map<String, UserStatus> last,
            ErrorCounts errors,
            boolean stopAtPending)
            throws InterruptedException {
        Set<String> asked = new LinkedHashSet<>();
        for (Iterator<String> users = waiting.iterator(); users.hasNext(); ) {
            String user = users.next();
            if (skip.contains(user)) {
                continue;
            }
            asked.add(user);
            UserStatus status = read(user, errors);
            if (status != null) {
                last.put(user, status);
                if (status.pending() == 0) {
                    users.remove();
                    continue;
                }
            }
            if (stopAtPending) {
                break;
            }
        }
        return asked;
    }

    private UserStatus read(String user, ErrorCounts errors) throws InterruptedException {
        HttpResponse<String> answer;
        try {
            answer = gateway.statusOnce(user);
        } catch (IOException e) {
            errors.add(RequestKind.STATUS, ErrorCounts.noAnswer(e));
            return null;
        }
        if (answer.statusCode() != 200) {
            errors.add(RequestKind.STATUS, ErrorCounts.httpStatus(answer.statusCode()));
            return null;
        }
        Optional<UserStatus> status = UserStatus.parse(answer.body());
        if (status.isEmpty()) {
            errors.add(RequestKind.STATUS, ErrorCounts.UNREADABLE);
        }
        return status.orElse(null);
    }
}
