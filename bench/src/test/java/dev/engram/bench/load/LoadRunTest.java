package dev.engram.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.bench.RunIds;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class LoadRunTest {

    private static final RunIds IDS = new RunIds("load-test");
    private static final LoadCorpus CORPUS = SyntheticConversations.corpus(5);

    private static List<ClientWorkload> clients(int count, double addRatio) {
        return clients(count, addRatio, Duration.ofMillis(300));
    }

    private static List<ClientWorkload> clients(int count, double addRatio, Duration duration) {
        LoadOptions options = new LoadOptions(
                "http://127.0.0.1:8080",
                null,
                count,
                duration,
                addRatio,
                3,
                2,
                null,
                5,
                Duration.ZERO,
                Path.of("out"),
                List.of());
        return IntStream.rangeClosed(1, count)
                .mapToObj(client -> new ClientWorkload(options, IDS, CORPUS, client))
                .toList();
    }

    @Test
    void clients_send_until_time_is_up_and_every_request_is_counted_once() throws Exception {
        try (FakeGateway fake = new FakeGateway(10, 0)) {
            RawGateway gateway = new RawGateway(fake.url(), "k-123", java.time.Duration.ofSeconds(30));

            Duration duration = Duration.ofSeconds(1);
            LoadRun.Result result = new LoadRun(gateway, clients(4, 0.5, duration), duration).run();

            Tally tally = result.tally();
            assertThat(result.seconds()).isGreaterThanOrEqualTo(1.0);
            assertThat(tally.requests(RequestKind.ADD)).isPositive();
            assertThat(tally.requests(RequestKind.SEARCH)).isGreaterThanOrEqualTo(10);
            assertThat(tally.succeeded(RequestKind.ADD)).isEqualTo(tally.requests(RequestKind.ADD));
            assertThat(tally.succeeded(RequestKind.SEARCH) + tally.errors().total(RequestKind.SEARCH))
                    .isEqualTo(tally.requests(RequestKind.SEARCH));
            assertThat(tally.errors().byCause().keySet())
                    .containsExactly(new ErrorCounts.Key(RequestKind.SEARCH, "HTTP 429"));
            assertThat(tally.errors().total()).isEqualTo(tally.requests(RequestKind.SEARCH) / 10);
            assertThat(tally.episodesAccepted()).isEqualTo(3 * tally.requests(RequestKind.ADD));
            for (Map.Entry<String, Long> user : tally.acceptedByUser().entrySet()) {
                assertThat(fake.stored(user.getKey())).isEqualTo(user.getValue().intValue());
            }
            assertThat(tally.latency(RequestKind.SEARCH).count()).isEqualTo((int) tally.succeeded(RequestKind.SEARCH));
            assertThat(fake.authorizations()).containsExactly("Bearer k-123");
        }
    }

    @Test
    void a_gateway_that_is_not_there_is_counted_as_connection_failures() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        RawGateway gateway = new RawGateway("http://127.0.0.1:" + port, null, java.time.Duration.ofSeconds(30));

        LoadRun.Result result = new LoadRun(gateway, clients(2, 0.5), Duration.ofMillis(300)).run();

        Tally tally = result.tally();
        long requests = tally.requests(RequestKind.ADD) + tally.requests(RequestKind.SEARCH);
        assertThat(requests).isPositive();
        assertThat(tally.errors().total()).isEqualTo(requests);
        assertThat(tally.errors().byCause().keySet())
                .extracting(ErrorCounts.Key::cause)
                .containsOnly("connection failed (ConnectException)");
        assertThat(tally.acceptedByUser()).isEmpty();
    }
}
