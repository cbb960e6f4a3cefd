package dev.engram.vector.model;

/** Arithmetic on embeddings. */
public final class Vectors {

    private Vectors() {}

    /** The cosine similarity; 0 when either is missing or zero. */
    public static double cosine(float[] one, float[] other) {
        if (one == null || other == null) {
            return 0;
        }
        double dot = 0;
        double oneNorm = 0;
        double otherNorm = 0;
        for (int i = 0; i < one.length; i++) {
            dot += one[i] * other[i];
            oneNorm += one[i] * one[i];
            otherNorm += other[i] * other[i];
        }
        return oneNorm == 0 || otherNorm == 0 ? 0 : dot / Math.sqrt(oneNorm * otherNorm);
    }

    /** The vector scaled to length 1; a zero vector stays zero. */
    public static float[] normalized(float[] vector) {
        double norm = 0;
        for (float v : vector) {
            norm += v * v;
        }
        float[] unit = new float[vector.length];
        if (norm > 0) {
            double scale = 1 / Math.sqrt(norm);
            for (int i = 0; i < vector.length; i++) {
                unit[i] = (float) (vector[i] * scale);
            }
        }
        return unit;
    }
}
