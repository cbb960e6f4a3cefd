package dev.engram.bench.load;

import dev.engram.bench.LatencyResult;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.jfree.chart.axis.LogarithmicAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The open loop's chart (JFreeChart, drawn headless): search and add latency at p50, p95 and p99 against the
 * offered load, on a logarithmic latency axis so that the knee where queueing starts is as visible as the flat part
 * before it.
 */
public final class OpenLoopChart {

    private OpenLoopChart() {}

    public static void write(List<LoadReport.PhaseSummary> phases, Path png) throws IOException {
        System.setProperty("java.awt.headless", "true");
        XYSeriesCollection series = new XYSeriesCollection();
        series.addSeries(percentile("search p50", phases, true, LatencyResult::p50));
        series.addSeries(percentile("search p95", phases, true, LatencyResult::p95));
        series.addSeries(percentile("search p99", phases, true, LatencyResult::p99));
        series.addSeries(percentile("add p50", phases, false, LatencyResult::p50));
        series.addSeries(percentile("add p95", phases, false, LatencyResult::p95));
        series.addSeries(percentile("add p99", phases, false, LatencyResult::p99));
        NumberAxis offered = new NumberAxis("offered load (requests/s)");
        LogarithmicAxis latency = new LogarithmicAxis("latency from intended send (ms, log)");
        latency.setAllowNegativesFlag(false);
        latency.setStrictValuesFlag(false);
        XYLineAndShapeRenderer lines = new XYLineAndShapeRenderer(true, true);
        Color search = new Color(0x24, 0x56, 0xa6);
        Color add = new Color(0xb3, 0x26, 0x1e);
        for (int i = 0; i < 6; i++) {
            lines.setSeriesPaint(i, i < 3 ? search : add);
            float width = i % 3 == 0 ? 2.5f : 1.5f;
            lines.setSeriesStroke(
                    i,
                    i % 3 == 2
                            ? new BasicStroke(
                                    width, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND, 1f, new float[] {4f, 4f}, 0f)
                            : new BasicStroke(width));
        }
        XYPlot plot = new XYPlot(series, offered, latency, lines);
        ChartFile.save(plot, "Open loop: latency against offered load", png);
    }

    private interface Percentile {
        double of(LatencyResult latency);
    }

    private static XYSeries percentile(
            String name, List<LoadReport.PhaseSummary> phases, boolean searches, Percentile percentile) {
        XYSeries series = new XYSeries(name);
        for (LoadReport.PhaseSummary phase : phases) {
            OperationSummary operation = searches ? phase.searches() : phase.adds();
            // A phase without a successful request of this kind has no latency to draw (and 0 has no logarithm).
            if (operation.latency().queries() > 0) {
                series.add(phase.offered(), Math.max(percentile.of(operation.latency()), 0.1));
            }
        }
        return series;
    }
}
