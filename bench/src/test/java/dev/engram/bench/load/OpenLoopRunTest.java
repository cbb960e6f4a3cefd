package dev.engram.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.engram.bench.RunIds;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class OpenLoopRunTest {

    private static final RunIds IDS = new RunIds("open-test");
    private static final LoadCorpus CORPUS = SyntheticConversations.corpus(5);

    private static List<ClientWorkload> workloads(double addRatio) {
        LoadOptions options = new LoadOptions(
                "http://127.0.0.1:8080",
                null,
                2,
                Duration.ofSeconds(1),
                addRatio,
                3,
                2,
                null,
                5,
                Duration.ZERO,
                Path.of("out"),
                List.of(50.0));
        return IntStream.rangeClosed(1, 2)
                .mapToObj(client -> new ClientWorkload(options, IDS, CORPUS, client))
                .toList();
    }

    @Test
    void requests_go_out_on_schedule_however_slowly_they_are_answered() throws Exception {
        // Every answer takes 100 ms; a closed loop of 2 clients could send 20 a second, the schedule asks for 50.
        try (FakeGateway fake = new FakeGateway(Integer.MAX_VALUE, 0, Duration.ofMillis(100))) {
            RawGateway gateway = new RawGateway(fake.url(), null, Duration.ofSeconds(30));

            OpenLoopRun.Result result = new OpenLoopRun(gateway, workloads(0.5), 50, Duration.ofSeconds(1)).run();

            Tally tally = result.tally();
            assertThat(tally.requests(RequestKind.ADD) + tally.requests(RequestKind.SEARCH))
                    .isEqualTo(50);
            assertThat(tally.errors().total()).isZero();
            assertThat(tally.latency(RequestKind.SEARCH).summary().p50()).isGreaterThanOrEqualTo(100);
            // The last request leaves at 0.98 s and is answered 100 ms later; 2 clients in turn would need 2.5 s.
            assertThat(result.seconds()).isBetween(0.98, 2.0);
        }
    }

    @Test
    void latency_counts_from_the_intended_send_time_when_the_senders_fall_behind() throws Exception {
        // 600 requests at 600/s, each answered after 1 s: only 256 can be in flight, the rest wait their turn, and
        // the wait is part of their latency (no coordinated omission).
        try (FakeGateway fake = new FakeGateway(Integer.MAX_VALUE, 0, Duration.ofSeconds(1))) {
            RawGateway gateway = new RawGateway(fake.url(), null, Duration.ofSeconds(30));

            OpenLoopRun.Result result = new OpenLoopRun(gateway, workloads(0), 600, Duration.ofSeconds(1)).run();

            assertThat(result.lateStarts()).isPositive();
            assertThat(result.tally().latency(RequestKind.SEARCH).summary().max())
                    .isGreaterThan(1900);
            assertThat(result.tally().latency(RequestKind.SEARCH).summary().p50())
                    .isGreaterThanOrEqualTo(1000);
        }
    }

    @Test
    void a_rate_must_be_positive() {
        assertThatThrownBy(() -> new OpenLoopRun(null, workloads(0), 0, Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
