package dev.engram.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class IngestTimelineSamplingTest {

    /** Status of two users: "done" has all its episodes indexed at once, "busy" gains 10 per call up to 40. */
    private static final class Statuses {
        final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
        volatile boolean failing;

        long indexedOf(String user) {
            int call = calls.computeIfAbsent(user, u -> new AtomicInteger()).incrementAndGet();
            if (failing) {
                throw new IllegalStateException("status unavailable");
            }
            return "done".equals(user) ? 5 : Math.min(40, 10L * call);
        }

        int callsOf(String user) {
            return calls.getOrDefault(user, new AtomicInteger()).get();
        }
    }

    @Test
    void a_user_whose_episodes_are_all_indexed_is_not_asked_again() throws Exception {
        Statuses statuses = new Statuses();
        IngestTimeline timeline = twoUsers(statuses);
        awaitCalls(statuses, "busy", 4);
        timeline.close();

        assertThat(statuses.callsOf("done")).isEqualTo(1);
        assertThat(statuses.callsOf("busy")).isEqualTo(4);
        List<IngestTimeline.Point> points = timeline.points();
        assertThat(points.get(points.size() - 1).indexed()).isEqualTo(45);
    }

    @Test
    void a_failed_status_call_keeps_the_count_last_seen() throws Exception {
        Statuses statuses = new Statuses();
        IngestTimeline timeline = twoUsers(statuses);
        awaitCalls(statuses, "busy", 2);
        statuses.failing = true;
        int before = statuses.callsOf("busy");
        awaitCalls(statuses, "busy", before + 1);
        timeline.close();

        List<Integer> indexed =
                timeline.points().stream().map(IngestTimeline.Point::indexed).toList();
        assertThat(indexed).isSortedAccordingTo(Integer::compare);
        assertThat(indexed.get(indexed.size() - 1)).isGreaterThanOrEqualTo(25);
    }

    @Test
    void passes_over_many_users_are_spread_out() {
        assertThat(StatusPolls.pauseAfter(1)).isEqualTo(StatusPolls.MIN_PAUSE);
        assertThat(StatusPolls.pauseAfter(3)).isEqualTo(Duration.ofMillis(300));
        assertThat(StatusPolls.pauseAfter(50)).isEqualTo(Duration.ofSeconds(5));
    }

    /** A timeline of "done" (5 episodes sent) and "busy" (40). */
    private static IngestTimeline twoUsers(Statuses statuses) {
        return new IngestTimeline(statuses::indexedOf, Map.of("done", 5, "busy", 40), System.nanoTime()).start();
    }

    private static void awaitCalls(Statuses statuses, String user, int calls) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (statuses.callsOf(user) < calls) {
            assertThat(System.nanoTime()).as("status asked in time").isLessThan(deadline);
            Thread.sleep(10);
        }
    }
}
