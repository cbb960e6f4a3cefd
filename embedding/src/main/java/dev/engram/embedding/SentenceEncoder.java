package dev.engram.embedding;

import ai.onnxruntime.NodeInfo;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.TensorInfo;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Embeds texts with an ONNX sentence model, many texts per model run. Texts are sorted by length and run in
 * padded batches, which costs far less CPU per text than one run per text (the matrix products of a batch use
 * the cores well, and a run's fixed cost is paid once per batch). The vectors equal those of one run per text
 * within float rounding: padding is masked out of attention and pooling. A model whose vectors would depend on
 * their batch-mates ({@link EncoderModel#batches()}) runs each text alone. Thread-safe; runs of several callers
 * share the session's thread pool.
 */
public final class SentenceEncoder implements AutoCloseable {

    /** Bounds a batch's padded tensor when its texts are long, so memory stays flat whatever the batch size. */
    private static final int MAX_BATCH_TOKENS = 16_384;

    private final EncoderModel model;
    private final EncoderSettings settings;
    private final OrtEnvironment environment;
    private final OrtSession session;
    private final TextTokenizer tokenizer;
    private final boolean typeIds;
    private final Set<String> hiddenStates;
    private final int dimension;

    private SentenceEncoder(EncoderModel model, EncoderSettings settings, OrtSession session, TextTokenizer tokenizer)
            throws OrtException {
        this.model = model;
        this.settings = settings;
        this.environment = OrtEnvironment.getEnvironment();
        this.session = session;
        this.tokenizer = tokenizer;
        this.typeIds = session.getInputNames().contains("token_type_ids");
        // The first output, [texts, tokens, dimension], is the last layer's hidden states.
        Map.Entry<String, NodeInfo> output =
                session.getOutputInfo().entrySet().iterator().next();
        this.hiddenStates = Set.of(output.getKey());
        this.dimension = (int) ((TensorInfo) output.getValue().getInfo()).getShape()[2];
    }

    /** Loads the model's weights and tokenizer from the class path; takes seconds. */
    public static SentenceEncoder open(EncoderModel model, EncoderSettings settings) {
        try (InputStream weights = resource(model.weights());
                InputStream description = resource(model.tokenizer());
                OrtSession.SessionOptions options = settings.sessionOptions()) {
            OrtSession session = OrtEnvironment.getEnvironment().createSession(weights.readAllBytes(), options);
            return new SentenceEncoder(model, settings, session, new TextTokenizer(description));
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the " + model.id() + " model", e);
        } catch (OrtException e) {
            throw new IllegalStateException("could not load the " + model.id() + " model", e);
        }
    }

    public EncoderModel model() {
        return model;
    }

    public EncoderSettings settings() {
        return settings;
    }

    /** The most texts one model run embeds: the batch size, or 1 for a model whose texts each run alone. */
    public int textsPerRun() {
        return model.batches() ? settings.batchSize() : 1;
    }

    public int dimension() {
        return dimension;
    }

    /** The unit-length vector of one text. */
    public float[] embed(String text) {
        return embedAll(List.of(text)).get(0);
    }

    /** The unit-length vectors of the texts, in their order. Blank texts are refused. */
    public List<float[]> embedAll(List<String> texts) {
        return embedAll(texts, () -> {});
    }

    /**
     * As {@link #embedAll(List)}, calling {@code beforeEachRun} before each model run: a caller with lower priority
     * than others of the same cores may wait there.
     */
    public List<float[]> embedAll(List<String> texts, Runnable beforeEachRun) {
        List<TokenWindow> windows = new ArrayList<>(texts.size());
        for (int i = 0; i < texts.size(); i++) {
            windows.addAll(tokenizer.windows(i, texts.get(i)));
        }
        windows.sort(Comparator.comparingInt(TokenWindow::length));
        float[][] sums = new float[texts.size()][];
        int[] weights = new int[texts.size()];
        int from = 0;
        while (from < windows.size()) {
            int to = batchEnd(windows, from);
            List<TokenWindow> batch = windows.subList(from, to);
            beforeEachRun.run();
            List<float[]> pooled = run(batch);
            for (int i = 0; i < batch.size(); i++) {
                add(sums, weights, batch.get(i), pooled.get(i));
            }
            from = to;
        }
        List<float[]> vectors = new ArrayList<>(texts.size());
        for (float[] sum : sums) {
            vectors.add(normalized(sum));
        }
        return vectors;
    }

    /**
     * Where the batch starting at {@code from} ends: at the batch size, or before its padding grows too big; right
     * after it for a model whose texts each run alone.
     */
    private int batchEnd(List<TokenWindow> sorted, int from) {
        int to = from + 1;
        while (model.batches()
                && to < sorted.size()
                && to - from < settings.batchSize()
                && (long) (to - from + 1) * sorted.get(to).length() <= MAX_BATCH_TOKENS) {
            to++;
        }
        return to;
    }

    private static void add(float[][] sums, int[] weights, TokenWindow window, float[] pooled) {
        int text = window.text();
        if (sums[text] == null) {
            sums[text] = new float[pooled.length];
        }
        for (int d = 0; d < pooled.length; d++) {
            sums[text][d] += pooled[d] * window.weight();
        }
        weights[text] += window.weight();
    }

    /** One model run over windows sorted by length; their pooled, unnormalised vectors in order. */
    private List<float[]> run(List<TokenWindow> batch) {
        int rows = batch.size();
        int width = batch.get(rows - 1).length();
        long[] ids = new long[rows * width];
        long[] mask = new long[rows * width];
        for (int row = 0; row < rows; row++) {
            long[] window = batch.get(row).ids();
            System.arraycopy(window, 0, ids, row * width, window.length);
            for (int t = 0; t < window.length; t++) {
                mask[row * width + t] = 1;
            }
        }
        long[] shape = {rows, width};
        Map<String, OnnxTensor> inputs = new HashMap<>();
        try {
            inputs.put("input_ids", OnnxTensor.createTensor(environment, LongBuffer.wrap(ids), shape));
            inputs.put("attention_mask", OnnxTensor.createTensor(environment, LongBuffer.wrap(mask), shape));
            if (typeIds) {
                inputs.put(
                        "token_type_ids",
                        OnnxTensor.createTensor(environment, LongBuffer.wrap(new long[rows * width]), shape));
            }
            try (OrtSession.Result result = session.run(inputs, hiddenStates)) {
                FloatBuffer hidden = ((OnnxTensor) result.get(0)).getFloatBuffer();
                List<float[]> pooled = new ArrayList<>(rows);
                for (int row = 0; row < rows; row++) {
                    pooled.add(model.pooling()
                            .pool(hidden, row, width, batch.get(row).length(), dimension));
                }
                return pooled;
            }
        } catch (OrtException e) {
            throw new IllegalStateException("the " + model.id() + " model failed", e);
        } finally {
            inputs.values().forEach(OnnxTensor::close);
        }
    }

    private static float[] normalized(float[] vector) {
        double norm = 0;
        for (float v : vector) {
            norm += v * v;
        }
        float length = (float) Math.sqrt(norm);
        for (int d = 0; d < vector.length; d++) {
            vector[d] /= length;
        }
        return vector;
    }

    private static InputStream resource(String name) throws IOException {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        InputStream stream = loader == null ? null : loader.getResourceAsStream(name);
        if (stream == null) {
            stream = SentenceEncoder.class.getClassLoader().getResourceAsStream(name);
        }
        if (stream == null) {
            throw new IOException(name + " is not on the class path");
        }
        return stream;
    }

    @Override
    public void close() {
        try {
            session.close();
        } catch (OrtException e) {
            throw new IllegalStateException("could not close the " + model.id() + " model", e);
        } finally {
            tokenizer.close();
        }
    }
}
