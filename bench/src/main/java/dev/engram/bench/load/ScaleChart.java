package dev.engram.bench.load;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.jfree.chart.axis.LogarithmicAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/** The scale curve (JFreeChart, headless): search latency against the sentences the project holds. */
final class ScaleChart {

    private ScaleChart() {}

    static void write(List<ScaleStep> steps, Path png) throws IOException {
        System.setProperty("java.awt.headless", "true");
        XYSeriesCollection series = new XYSeriesCollection();
        series.addSeries(series("search p50", steps, step -> step.search().p50()));
        series.addSeries(series("search p95", steps, step -> step.search().p95()));
        series.addSeries(series("search p99", steps, step -> step.search().p99()));
        LogarithmicAxis size = new LogarithmicAxis("sentences in the project (log)");
        size.setStrictValuesFlag(false);
        NumberAxis latency = new NumberAxis("search round trip, one client (ms)");
        XYLineAndShapeRenderer lines = new XYLineAndShapeRenderer(true, true);
        Color search = new Color(0x24, 0x56, 0xa6);
        for (int i = 0; i < 3; i++) {
            lines.setSeriesPaint(i, search);
            lines.setSeriesStroke(i, new BasicStroke(i == 0 ? 2.5f : 1.5f));
        }
        XYPlot plot = new XYPlot(series, size, latency, lines);
        ChartFile.save(plot, "Search latency against project size", png);
    }

    private static XYSeries series(String name, List<ScaleStep> steps, ToDoubleFunction<ScaleStep> value) {
        XYSeries series = new XYSeries(name);
        steps.forEach(step -> series.add(step.sentences(), value.applyAsDouble(step)));
        return series;
    }
}
