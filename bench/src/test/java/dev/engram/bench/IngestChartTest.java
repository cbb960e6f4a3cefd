package dev.engram.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IngestChartTest {

    @TempDir
    Path out;

    @Test
    void the_chart_is_a_png_with_the_first_and_the_warm_ingest() throws Exception {
        Path png = out.resolve("ingest.png");
        List<IngestTimeline.Point> cold = List.of(
                new IngestTimeline.Point(0, 0, 0),
                new IngestTimeline.Point(5, 1451, 300),
                new IngestTimeline.Point(27, 1451, 1451));
        List<IngestTimeline.Point> warm =
                List.of(new IngestTimeline.Point(0, 0, 0), new IngestTimeline.Point(14, 1451, 1451));

        IngestChart.write(cold, warm, png);

        assertThat(Files.size(png)).isPositive();
        var image = ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isEqualTo(900);
        assertThat(image.getHeight()).isEqualTo(520);
    }
}
