package dev.engram.embedding.text;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The sentence spans found in one text, kept as index pairs until the end so only the final sentences are copied.
 * A span without a letter or digit (only punctuation or emoji) is too small to embed alone: it joins the previous
 * span, or the next one when it opens the text.
 */
final class SentenceSpans {

    private final String text;
    private int[] bounds = new int[16];
    private int count;
    private boolean onlyFragments;

    SentenceSpans(String text) {
        this.text = text;
    }

    void add(int from, int to) {
        while (from < to && Chars.isSpace(text.charAt(from))) {
            from++;
        }
        while (to > from && Chars.isSpace(text.charAt(to - 1))) {
            to--;
        }
        if (from == to) {
            return;
        }
        boolean fragment = !hasLetterOrDigit(from, to);
        if (count > 0 && (fragment || onlyFragments)) {
            bounds[2 * count - 1] = to;
            onlyFragments = onlyFragments && fragment;
            return;
        }
        if (2 * count + 2 > bounds.length) {
            bounds = Arrays.copyOf(bounds, bounds.length * 2);
        }
        bounds[2 * count] = from;
        bounds[2 * count + 1] = to;
        onlyFragments = count == 0 && fragment;
        count++;
    }

    List<String> sentences() {
        List<String> sentences = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            sentences.add(collapseWhitespace(bounds[2 * i], bounds[2 * i + 1]));
        }
        return sentences;
    }

    private boolean hasLetterOrDigit(int from, int to) {
        for (int i = from; i < to; ) {
            int c = text.codePointAt(i);
            if (Character.isLetterOrDigit(c)) {
                return true;
            }
            i += Character.charCount(c);
        }
        return false;
    }

    /** Merged spans may hold a line break, and chat text has stray tabs and double spaces; embeddings need neither. */
    private String collapseWhitespace(int from, int to) {
        int first = from;
        while (first < to && !needsCollapse(first)) {
            first++;
        }
        if (first == to) {
            return text.substring(from, to);
        }
        StringBuilder out = new StringBuilder(to - from).append(text, from, first);
        boolean inSpace = false;
        for (int i = first; i < to; i++) {
            char c = text.charAt(i);
            if (Chars.isSpace(c)) {
                if (!inSpace) {
                    out.append(' ');
                }
                inSpace = true;
            } else {
                out.append(c);
                inSpace = false;
            }
        }
        return out.toString();
    }

    private boolean needsCollapse(int i) {
        char c = text.charAt(i);
        return Chars.isSpace(c) && (c != ' ' || Chars.isSpace(text.charAt(i + 1)));
    }
}
