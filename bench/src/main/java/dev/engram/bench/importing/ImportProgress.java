package dev.engram.bench.importing;

import java.io.PrintStream;
import java.util.Locale;

/**
 * Tells how far an import is: on a terminal, one line redrawn in place with a bar, the rate and the time
 * left; otherwise (a log, a pipe) a plain line every few seconds and at the end.
 */
public final class ImportProgress {

    private static final long REDRAW_NANOS = 100_000_000L;
    private static final long LINE_NANOS = 5_000_000_000L;
    private static final int BAR = 30;

    private final PrintStream out;
    private final boolean terminal;
    private final int total;
    private final long started = System.nanoTime();
    private long shown;

    public ImportProgress(PrintStream out, boolean terminal, int total) {
        this.out = out;
        this.terminal = terminal;
        this.total = total;
    }

    public void update(int done) {
        long now = System.nanoTime();
        boolean last = done >= total;
        if (!last && now - shown < (terminal ? REDRAW_NANOS : LINE_NANOS)) {
            return;
        }
        shown = now;
        double seconds = Math.max(1e-3, (now - started) / 1e9);
        double rate = done / seconds;
        String eta = rate > 0 && !last ? String.format(Locale.ROOT, ", %.0f s left", (total - done) / rate) : "";
        String counts = String.format(Locale.ROOT, "%d/%d messages, %.0f/s%s", done, total, rate, eta);
        if (terminal) {
            int filled = total == 0 ? BAR : (int) ((long) BAR * done / total);
            out.print("\r[" + "#".repeat(filled) + " ".repeat(BAR - filled) + "] " + counts + "   ");
            if (last) {
                out.println();
            }
        } else {
            out.println("import: " + counts);
        }
        out.flush();
    }
}
