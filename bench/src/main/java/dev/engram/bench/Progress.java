package dev.engram.bench;

/** Progress lines go to stderr, so that stdout carries only the report. */
public final class Progress {

    private Progress() {}

    public static void log(String format, Object... args) {
        System.err.println("[bench] " + String.format(format, args));
    }
}
