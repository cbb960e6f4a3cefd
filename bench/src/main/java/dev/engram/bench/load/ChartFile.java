package dev.engram.bench.load;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.XYPlot;

/** How the bench's charts look on paper: white, light grey grid lines, 900 × 520 pixels, drawn headless. */
public final class ChartFile {

    private static final int WIDTH = 900;
    private static final int HEIGHT = 520;

    private ChartFile() {}

    public static void save(XYPlot plot, String title, Path png) throws IOException {
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        JFreeChart chart = new JFreeChart(title, plot);
        chart.setBackgroundPaint(Color.WHITE);
        ChartUtils.saveChartAsPNG(png.toFile(), chart, WIDTH, HEIGHT);
    }
}
