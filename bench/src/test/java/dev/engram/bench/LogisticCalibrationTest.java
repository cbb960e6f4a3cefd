package dev.engram.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LogisticCalibrationTest {

    private static double[] doubles(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static boolean[] booleans(List<Boolean> values) {
        boolean[] array = new boolean[values.size()];
        for (int i = 0; i < array.length; i++) {
            array[i] = values.get(i);
        }
        return array;
    }

    @Test
    void the_fit_recovers_the_calibration_the_labels_were_drawn_from() {
        // At x = 0, 0.05, ..., 1, 400 clusters each, of which round(400 · σ(10x - 7)) hold evidence.
        LogisticCalibration truth = new LogisticCalibration(10, -7);
        List<Double> x = new ArrayList<>();
        List<Boolean> y = new ArrayList<>();
        for (int j = 0; j <= 20; j++) {
            double similarity = j / 20.0;
            long positives = Math.round(400 * truth.relevance(similarity));
            for (int i = 0; i < 400; i++) {
                x.add(similarity);
                y.add(i < positives);
            }
        }

        LogisticCalibration fitted = LogisticCalibration.fit(doubles(x), booleans(y), LogisticCalibration.L2);

        assertThat(fitted.slope()).isCloseTo(10, within(0.1));
        assertThat(fitted.intercept()).isCloseTo(-7, within(0.1));
    }

    @Test
    void a_nearly_separable_set_gets_a_steep_rising_curve_through_its_boundary() {
        // Below 0.5 no evidence, above it evidence, with one exception on each side (0.45 and 0.55).
        double[] x = {0.1, 0.2, 0.3, 0.4, 0.55, 0.45, 0.6, 0.7, 0.8, 0.9};
        boolean[] y = {false, false, false, false, false, true, true, true, true, true};

        LogisticCalibration fitted = LogisticCalibration.fit(x, y, LogisticCalibration.L2);

        // The maximum likelihood (with the same tiny penalty), computed independently: 13.31, -6.65.
        assertThat(fitted.slope()).isCloseTo(13.31, within(0.01));
        assertThat(fitted.intercept()).isCloseTo(-6.65, within(0.01));
        assertThat(-fitted.intercept() / fitted.slope()).isCloseTo(0.5, within(0.01));
        assertThat(fitted.relevance(0.9)).isGreaterThan(0.95);
        assertThat(fitted.relevance(0.1)).isLessThan(0.01);

        boolean[] reversed = new boolean[y.length];
        for (int i = 0; i < y.length; i++) {
            reversed[i] = !y[i];
        }
        assertThat(LogisticCalibration.fit(x, reversed, LogisticCalibration.L2).slope())
                .isCloseTo(-13.31, within(0.01));
    }

    @Test
    void a_perfectly_separable_set_stays_finite() {
        double[] x = {0.1, 0.2, 0.3, 0.7, 0.8, 0.9};
        boolean[] y = {false, false, false, true, true, true};
        // Without a penalty the likelihood would grow without end as the slope does.

        LogisticCalibration fitted = LogisticCalibration.fit(x, y, LogisticCalibration.L2);

        assertThat(fitted.slope()).isGreaterThan(10).isLessThan(100);
        assertThat(-fitted.intercept() / fitted.slope()).isCloseTo(0.5, within(0.01));
    }

    @Test
    void the_servers_calibration_is_read_back_from_what_it_returned() {
        LogisticCalibration server = new LogisticCalibration(12, -9);
        double[] similarity = {0.3, 0.5, 0.62, 0.75, 0.8, 0.95};
        double[] relevance = new double[similarity.length];
        for (int i = 0; i < similarity.length; i++) {
            relevance[i] = (float) server.relevance(similarity[i]);
        }

        LogisticCalibration readBack =
                LogisticCalibration.readBack(similarity, relevance).orElseThrow();

        assertThat(readBack.slope()).isCloseTo(12, within(1e-3));
        assertThat(readBack.intercept()).isCloseTo(-9, within(1e-3));
        assertThat(LogisticCalibration.readBack(new double[] {0.5, 0.5}, new double[] {0.3, 0.3}))
                .isEmpty();
    }
}
