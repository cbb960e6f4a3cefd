package dev.engram.bench.load;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import org.jfree.chart.axis.LogarithmicAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The second scale chart (JFreeChart, headless): each service's heap in use after a full collection against the
 * sentences the project holds, so that a service whose heap grows with the users it has seen stands out.
 */
final class ScaleHeapChart {

    private static final double MIB = 1024.0 * 1024.0;
    // Told apart on white paper without relying on red against green.
    private static final List<Color> COLORS = List.of(
            new Color(0x24, 0x56, 0xa6),
            new Color(0xb3, 0x26, 0x1e),
            new Color(0x2e, 0x8b, 0x57),
            new Color(0xe0, 0x8a, 0x00),
            new Color(0x6a, 0x3d, 0x9a),
            new Color(0x4d, 0x4d, 0x4d),
            new Color(0x1b, 0x9e, 0xb5),
            new Color(0xa6, 0x56, 0x28));

    private ScaleHeapChart() {}

    static void write(List<ScaleStep> steps, Path png) throws IOException {
        System.setProperty("java.awt.headless", "true");
        TreeSet<String> processes = new TreeSet<>();
        steps.forEach(step -> processes.addAll(step.heapAfterGcBytes().keySet()));
        XYSeriesCollection series = new XYSeriesCollection();
        for (String process : processes) {
            XYSeries heap = new XYSeries(process);
            for (ScaleStep step : steps) {
                Long bytes = step.heapAfterGcBytes().get(process);
                if (bytes != null) {
                    heap.add(step.sentences(), bytes / MIB);
                }
            }
            series.addSeries(heap);
        }
        LogarithmicAxis size = new LogarithmicAxis("sentences in the project (log)");
        size.setStrictValuesFlag(false);
        NumberAxis mebibytes = new NumberAxis("heap in use after a full GC (MiB)");
        XYLineAndShapeRenderer lines = new XYLineAndShapeRenderer(true, true);
        for (int i = 0; i < processes.size(); i++) {
            lines.setSeriesPaint(i, COLORS.get(i % COLORS.size()));
            lines.setSeriesStroke(i, new BasicStroke(2f));
        }
        XYPlot plot = new XYPlot(series, size, mebibytes, lines);
        ChartFile.save(plot, "Heap after a full GC against project size", png);
    }
}
