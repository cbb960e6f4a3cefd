package dev.engram.bench;

/** The {@code expand_context} of a search: neighbours of the same session before and after each match. */
public record ExpandContext(int before, int after) {

    public ExpandContext {
        if (before < 0 || after < 0 || before > 10 || after > 10) {
            throw new IllegalArgumentException("--expand takes two numbers 0-10 (before,after)");
        }
    }

    /** Reads {@code B,A}, e.g. {@code 1,2}. */
    public static ExpandContext parse(String text) {
        String[] parts = text.split(",");
        if (parts.length != 2) {
            throw new IllegalArgumentException("--expand takes B,A (neighbours before and after), was '" + text + "'");
        }
        try {
            return new ExpandContext(Integer.parseInt(parts[0].trim()), Integer.parseInt(parts[1].trim()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--expand takes B,A with whole numbers, was '" + text + "'");
        }
    }

    @Override
    public String toString() {
        return before + "," + after;
    }
}
