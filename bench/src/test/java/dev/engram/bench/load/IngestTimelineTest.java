package dev.engram.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.bench.Conversation;
import dev.engram.bench.EngramIngest;
import dev.engram.bench.Gateways;
import dev.engram.bench.IngestTimeline;
import dev.engram.bench.RunIds;
import dev.engram.bench.Session;
import dev.engram.bench.Turn;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class IngestTimelineTest {

    @Test
    void an_ingest_records_its_episodes_accepted_and_indexed_over_time() {
        try (FakeGateway gateway = new FakeGateway(Integer.MAX_VALUE, 6)) {
            List<Conversation> conversations = List.of(conversation("conv-a", 30), conversation("conv-b", 12));

            EngramIngest.Timed timed = new EngramIngest(Gateways.connect(gateway.url(), null), new RunIds("t-1"))
                    .timed(conversations, false);

            assertThat(timed.result().episodes()).isEqualTo(42);
            List<IngestTimeline.Point> points = timed.timeline();
            assertThat(points).isNotEmpty();
            assertThat(points).extracting(IngestTimeline.Point::seconds).isSortedAccordingTo(Double::compare);
            IngestTimeline.Point last = points.get(points.size() - 1);
            assertThat(last.accepted()).isEqualTo(42);
            assertThat(last.indexed()).isEqualTo(42);
            // The users showed pending work before they were indexed.
            assertThat(points).anySatisfy(point -> assertThat(point.indexed()).isLessThan(42));
        }
    }

    private static Conversation conversation(String sampleId, int turns) {
        List<Turn> said = new ArrayList<>();
        for (int i = 1; i <= turns; i++) {
            said.add(new Turn("D1:" + i, i % 2 == 0 ? "Ana" : "Ben", "turn number " + i, null));
        }
        return new Conversation(
                sampleId, List.of(new Session(sampleId, 1, OffsetDateTime.parse("2023-01-01T10:00:00Z"), said)));
    }
}
