package dev.engram.bench;

import dev.engram.bench.load.ChartFile;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.ToIntFunction;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The ingest-rate chart (JFreeChart, headless): episodes accepted and indexed against the seconds since the first
 * {@code POST}, for the ingest on a freshly started platform and, when measured, the same turns on the warm one.
 * The slope of an indexed line is the ingest rate; its bends show the platform warming up.
 */
final class IngestChart {

    private static final Color COLD = new Color(0xc0, 0x39, 0x2b);
    private static final Color WARM = new Color(0x24, 0x56, 0xa6);

    private IngestChart() {}

    static void write(List<IngestTimeline.Point> cold, List<IngestTimeline.Point> warm, Path png) throws IOException {
        System.setProperty("java.awt.headless", "true");
        XYSeriesCollection series = new XYSeriesCollection();
        XYLineAndShapeRenderer lines = new XYLineAndShapeRenderer(true, false);
        add(series, lines, "indexed, first ingest", cold, IngestTimeline.Point::indexed, COLD, false);
        add(series, lines, "accepted, first ingest", cold, IngestTimeline.Point::accepted, COLD, true);
        if (!warm.isEmpty()) {
            add(series, lines, "indexed, warm platform", warm, IngestTimeline.Point::indexed, WARM, false);
            add(series, lines, "accepted, warm platform", warm, IngestTimeline.Point::accepted, WARM, true);
        }
        XYPlot plot = new XYPlot(
                series, new NumberAxis("seconds since the first POST /v1/memories"), new NumberAxis("episodes"), lines);
        ChartFile.save(plot, "Ingest: episodes accepted and searchable over time", png);
    }

    private static void add(
            XYSeriesCollection collection,
            XYLineAndShapeRenderer lines,
            String name,
            List<IngestTimeline.Point> points,
            ToIntFunction<IngestTimeline.Point> value,
            Color color,
            boolean dashed) {
        XYSeries series = new XYSeries(name, false);
        points.forEach(point -> series.add(point.seconds(), value.applyAsInt(point)));
        int index = collection.getSeriesCount();
        collection.addSeries(series);
        lines.setSeriesPaint(index, color);
        lines.setSeriesStroke(
                index,
                dashed
                        ? new BasicStroke(
                                1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f)
                        : new BasicStroke(2.5f));
    }
}
