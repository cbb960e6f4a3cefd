package dev.engram.embedding;

import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.util.Optional;

/**
 * How the encoder uses the machine.
 *
 * @param threads ONNX Runtime's threads inside one model run; idle ones sleep rather than spin, so the cores go to
 *     the rest of the process (and the platform's other services) between runs
 * @param batchSize texts per model run at most
 */
public record EncoderSettings(int threads, int batchSize) {

    /**
     * Texts per run unless configured: on two cores, batches of 16 to 32 short sentences ran fastest, about twice
     * the throughput of one run per sentence; larger ones only add padding.
     */
    public static final int DEFAULT_BATCH_SIZE = 32;

    /** The settings of a service: one thread per core and the default batch size unless configured. */
    public static EncoderSettings of(Optional<Integer> threads, Optional<Integer> batchSize) {
        return new EncoderSettings(
                threads.orElse(Runtime.getRuntime().availableProcessors()), batchSize.orElse(DEFAULT_BATCH_SIZE));
    }

    public EncoderSettings {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, was " + threads);
        }
        if (batchSize < 1) {
            throw new IllegalArgumentException("batch size must be at least 1, was " + batchSize);
        }
    }

    OrtSession.SessionOptions sessionOptions() {
        OrtSession.SessionOptions options = new OrtSession.SessionOptions();
        try {
            options.setIntraOpNumThreads(threads);
            options.setInterOpNumThreads(1);
            options.setExecutionMode(OrtSession.SessionOptions.ExecutionMode.SEQUENTIAL);
            options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
            options.addConfigEntry("session.intra_op.allow_spinning", "0");
            return options;
        } catch (OrtException e) {
            options.close();
            throw new IllegalStateException("ONNX Runtime refused the session options", e);
        }
    }
}
