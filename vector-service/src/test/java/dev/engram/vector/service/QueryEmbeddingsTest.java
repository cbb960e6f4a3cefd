package dev.engram.vector.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.output.Response;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class QueryEmbeddingsTest {

    /** Counts its calls; each waits until released, so that two searches overlap. */
    private static final class SlowModel implements EmbeddingModel {
        final AtomicInteger calls = new AtomicInteger();
        final CountDownLatch release = new CountDownLatch(1);

        @Override
        public Response<List<Embedding>> embedAll(List<TextSegment> segments) {
            calls.incrementAndGet();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return Response.from(segments.stream()
                    .map(segment -> Embedding.from(new float[] {segment.text().length(), 1}))
                    .toList());
        }
    }

    @Test
    void searches_of_one_query_at_the_same_moment_share_one_embedding_and_later_ones_embed_afresh() throws Exception {
        SlowModel model = new SlowModel();
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        QueryEmbeddings embeddings = new QueryEmbeddings(model, registry);
        List<Thread> threads = new CopyOnWriteArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(2, task -> {
            Thread thread = new Thread(task);
            threads.add(thread);
            return thread;
        });
        try {
            Future<float[]> first = pool.submit(() -> embeddings.embed("which dog?"));
            while (model.calls.get() == 0) {
                Thread.onSpinWait();
            }
            Future<float[]> second = pool.submit(() -> embeddings.embed("which dog?"));
            // The second search waits for the first one's embedding (it cannot finish before the release).
            while (threads.size() < 2 || threads.get(1).getState() != Thread.State.WAITING) {
                Thread.onSpinWait();
            }
            model.release.countDown();

            assertThat(first.get()).containsExactly(10f, 1f);
            assertThat(second.get()).isSameAs(first.get());
            assertThat(model.calls).hasValue(1);
        } finally {
            pool.shutdownNow();
        }

        embeddings.embed("which dog?");
        assertThat(model.calls).hasValue(2);
        // The model's runs are timed, not the searches that waited for one.
        assertThat(registry.get("engram.vector.query.embed").timer().count()).isEqualTo(2);
    }
}
