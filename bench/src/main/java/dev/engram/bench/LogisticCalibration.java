package dev.engram.bench;

import java.util.Optional;

/**
 * The relevance calibration of the retrieval service, {@code relevance = 1 / (1 + e^-(slope · similarity +
 * intercept))} (its {@code engram.retrieval.relevance.slope} and {@code .intercept}).
 */
public record LogisticCalibration(double slope, double intercept) {

    /** The L2 penalty of {@link #fit}: small against any real count of clusters, it only keeps a separable set finite. */
    public static final double L2 = 1e-3;

    private static final int MAX_ITERATIONS = 100;
    private static final double CONVERGED = 1e-10;

    /** The calibrated relevance of a similarity. */
    public double relevance(double similarity) {
        return sigmoid(slope * similarity + intercept);
    }

    /**
     * The logistic regression {@code label ~ similarity} by Newton's method (iteratively reweighted least squares)
     * with the penalty {@code l2 / 2 · (slope² + intercept²)}, a step halved while it would lower the penalized
     * likelihood.
     */
    public static LogisticCalibration fit(double[] similarity, boolean[] label, double l2) {
        if (similarity.length != label.length || similarity.length == 0) {
            throw new IllegalArgumentException("a fit needs as many labels as similarities, and at least one");
        }
        int positives = 0;
        for (boolean y : label) {
            positives += y ? 1 : 0;
        }
        double rate = (positives + 0.5) / (label.length + 1.0);
        double a = 0;
        double b = Math.log(rate / (1 - rate));
        double objective = penalizedLogLikelihood(similarity, label, l2, a, b);
        for (int iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
            double ga = -l2 * a;
            double gb = -l2 * b;
            double haa = l2;
            double hab = 0;
            double hbb = l2;
            for (int i = 0; i < similarity.length; i++) {
                double x = similarity[i];
                double p = sigmoid(a * x + b);
                double residual = (label[i] ? 1 : 0) - p;
                double weight = p * (1 - p);
                ga += residual * x;
                gb += residual;
                haa += weight * x * x;
                hab += weight * x;
                hbb += weight;
            }
            double determinant = haa * hbb - hab * hab;
            if (!(determinant > 0)) {
                break;
            }
            double da = (hbb * ga - hab * gb) / determinant;
            double db = (haa * gb - hab * ga) / determinant;
            double step = 1;
            double next = penalizedLogLikelihood(similarity, label, l2, a + da, b + db);
            while (next < objective && step > 1e-9) {
                step /= 2;
                next = penalizedLogLikelihood(similarity, label, l2, a + step * da, b + step * db);
            }
            a += step * da;
            b += step * db;
            objective = next;
            if (Math.max(Math.abs(step * da), Math.abs(step * db)) < CONVERGED) {
                break;
            }
        }
        return new LogisticCalibration(a, b);
    }

    /**
     * The calibration that turns the returned similarities into the returned relevances, read back by least squares
     * on the logit of the relevance; empty when fewer than two distinct similarities have a relevance strictly
     * between 0 and 1.
     */
    public static Optional<LogisticCalibration> readBack(double[] similarity, double[] relevance) {
        double n = 0;
        double sx = 0;
        double sy = 0;
        double sxx = 0;
        double sxy = 0;
        for (int i = 0; i < similarity.length; i++) {
            double r = relevance[i];
            if (!(r > 1e-6 && r < 1 - 1e-6)) {
                continue;
            }
            double x = similarity[i];
            double y = Math.log(r / (1 - r));
            n++;
            sx += x;
            sy += y;
            sxx += x * x;
            sxy += x * y;
        }
        double spread = n * sxx - sx * sx;
        if (n < 2 || spread <= 1e-12 * Math.max(1, n * sxx)) {
            return Optional.empty();
        }
        double slope = (n * sxy - sx * sy) / spread;
        return Optional.of(new LogisticCalibration(slope, (sy - slope * sx) / n));
    }

    static double sigmoid(double z) {
        return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
    }

    private static double penalizedLogLikelihood(double[] similarity, boolean[] label, double l2, double a, double b) {
        double sum = -l2 / 2 * (a * a + b * b);
        for (int i = 0; i < similarity.length; i++) {
            double z = a * similarity[i] + b;
            // log p = -log(1 + e^-z), log (1 - p) = -log(1 + e^z)
            sum -= label[i] ? softplus(-z) : softplus(z);
        }
        return sum;
    }

    private static double softplus(double z) {
        return z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z));
    }
}
