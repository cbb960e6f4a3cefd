package dev.engram.embedding;

import java.nio.FloatBuffer;

/** How a model turns the hidden states of a text's tokens into one vector. */
enum Pooling {
    /** The mean over the text's own tokens (special tokens included, padding left out). */
    MEAN,
    /** The hidden state of the leading classification token. */
    CLS;

    /**
     * Pools row {@code row} of a batch's output {@code [rows, width, dimension]} whose first {@code tokens}
     * positions belong to the text. The result is not normalised.
     */
    float[] pool(FloatBuffer hidden, int row, int width, int tokens, int dimension) {
        float[] vector = new float[dimension];
        int first = row * width * dimension;
        if (this == CLS) {
            hidden.get(first, vector, 0, dimension);
            return vector;
        }
        for (int token = 0; token < tokens; token++) {
            int offset = first + token * dimension;
            for (int d = 0; d < dimension; d++) {
                vector[d] += hidden.get(offset + d);
            }
        }
        for (int d = 0; d < dimension; d++) {
            vector[d] /= tokens;
        }
        return vector;
    }
}
