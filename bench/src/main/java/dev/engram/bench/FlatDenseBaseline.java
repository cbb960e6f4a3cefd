package dev.engram.bench;

import dev.engram.embedding.EncoderModel;
import dev.engram.embedding.EncoderSettings;
import dev.engram.embedding.SentenceEncoder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * The dense baseline: every turn embedded whole with its speaker ({@link Turn#retrievedText()}), questions
 * ranked by exact cosine against the turns of their
 * own conversation. It also measures the model's raw throughput, the floor of any ingest cost.
 */
public final class FlatDenseBaseline implements Retriever, AutoCloseable {

    private static final int WARM_UP_TEXTS = 16;

    private final EncoderModel model;
    private final SentenceEncoder embedder;
    private final int depth;
    private final Map<String, TurnVectors> bySample = new HashMap<>();
    private final int textsEmbedded;
    private final double embedSeconds;
    private long queryNanos;
    private int queries;

    private record TurnVectors(List<String> ids, List<float[]> vectors) {}

    /** Loads the model and embeds every turn of every conversation, timing the batch. */
    public FlatDenseBaseline(EncoderModel model, List<Conversation> conversations, int depth) {
        this.model = model;
        // The settings vector-service runs its encoder with, so that the throughput is the service's floor.
        this.embedder = SentenceEncoder.open(model, EncoderSettings.of(Optional.empty(), Optional.empty()));
        this.depth = depth;
        List<String> ids = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        List<String> samples = new ArrayList<>();
        for (Conversation conversation : conversations) {
            for (Turn turn : conversation.turns()) {
                samples.add(conversation.sampleId());
                ids.add(turn.diaId());
                texts.add(turn.retrievedText());
            }
        }
        // The first calls pay for JIT and ONNX session set-up, which is not throughput.
        embedder.embedAll(texts.subList(0, Math.min(WARM_UP_TEXTS, texts.size())));
        long started = System.nanoTime();
        List<float[]> vectors = embedder.embedAll(texts);
        this.embedSeconds = (System.nanoTime() - started) / 1e9;
        this.textsEmbedded = texts.size();
        for (int i = 0; i < ids.size(); i++) {
            TurnVectors turns = bySample.computeIfAbsent(
                    samples.get(i), sample -> new TurnVectors(new ArrayList<>(), new ArrayList<>()));
            turns.ids().add(ids.get(i));
            turns.vectors().add(vectors.get(i));
        }
    }

    @Override
    public String name() {
        return "dense-" + model.id();
    }

    @Override
    public List<String> rank(Question question) {
        TurnVectors turns = bySample.get(question.sampleId());
        if (turns == null) {
            return List.of();
        }
        long started = System.nanoTime();
        float[] query = embedder.embed(question.text());
        queryNanos += System.nanoTime() - started;
        queries++;
        double[] scores =
                turns.vectors().stream().mapToDouble(v -> dot(query, v)).toArray();
        return IntStream.range(0, scores.length)
                .boxed()
                .sorted(Comparator.comparingDouble((Integer i) -> -scores[i]).thenComparing(i -> i))
                .limit(depth)
                .map(turns.ids()::get)
                .toList();
    }

    /** Throughput of the timed batch and of the questions ranked so far. */
    public EmbeddingThroughput throughput() {
        double queryMillis = queries == 0 ? 0 : queryNanos / 1e6 / queries;
        return new EmbeddingThroughput(model.id(), textsEmbedded, embedSeconds, queries, queryMillis);
    }

    @Override
    public void close() {
        embedder.close();
    }

    static double dot(float[] a, float[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += a[i] * b[i];
        }
        return sum;
    }
}
