package dev.engram.bench;

import java.util.List;

/**
 * The {@code expand_context} of a search: neighbours of the same session before and after each match,
 * and which of them come ({@code matching}, {@code all}, or {@code segment}, sent as {@code by: segment}: those of
 * the match's topic segment; {@code null} leaves the gateway's default).
 */
public record ExpandContext(int before, int after, String neighbours) {

    private static final List<String> NEIGHBOURS = List.of("matching", "all", "segment");
    private static final String USAGE = "--expand takes B,A or B,A,matching|all|segment (neighbours before and after)";

    public ExpandContext {
        if (before < 0 || after < 0 || before > 10 || after > 10) {
            throw new IllegalArgumentException("--expand takes two numbers 0-10 (before,after)");
        }
        if (neighbours != null && !NEIGHBOURS.contains(neighbours)) {
            throw new IllegalArgumentException(USAGE + ", was '" + neighbours + "'");
        }
    }

    /** Reads {@code B,A} or {@code B,A,N}, e.g. {@code 1,2} or {@code 1,2,all}. */
    public static ExpandContext parse(String text) {
        String[] parts = text.split(",");
        if (parts.length != 2 && parts.length != 3) {
            throw new IllegalArgumentException(USAGE + ", was '" + text + "'");
        }
        String neighbours = parts.length == 3 ? parts[2].trim() : null;
        try {
            return new ExpandContext(Integer.parseInt(parts[0].trim()), Integer.parseInt(parts[1].trim()), neighbours);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--expand takes B,A with whole numbers, was '" + text + "'");
        }
    }

    @Override
    public String toString() {
        return before + "," + after + (neighbours == null ? "" : "," + neighbours);
    }
}
