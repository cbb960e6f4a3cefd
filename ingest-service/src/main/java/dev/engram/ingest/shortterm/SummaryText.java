package dev.engram.ingest.shortterm;

/** Shortening of summary text that never splits a word or a surrogate pair. */
final class SummaryText {

    static final String ELLIPSIS = "…";

    private SummaryText() {}

    /**
     * The text when it has at most {@code maxChars} characters; else its longest prefix that ends
     * before a space and leaves room for an ellipsis, with the ellipsis. A first word longer than
     * that is cut inside.
     */
    static String shorten(String text, int maxChars) {
        if (text.length() <= maxChars) {
            return text;
        }
        if (maxChars <= ELLIPSIS.length()) {
            return "";
        }
        int limit = maxChars - ELLIPSIS.length();
        int cut = limit;
        while (cut > 0 && !Character.isWhitespace(text.charAt(cut))) {
            cut--;
        }
        if (cut == 0) {
            cut = Character.isLowSurrogate(text.charAt(limit)) ? limit - 1 : limit;
        }
        return text.substring(0, cut).stripTrailing() + ELLIPSIS;
    }
}
