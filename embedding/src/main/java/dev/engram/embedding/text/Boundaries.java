package dev.engram.embedding.text;

/** Decides whether a run of terminators ends its sentence, and where the sentence then ends. */
final class Boundaries {

    private Boundaries() {}

    /** End of the run of terminators starting at {@code from} ("?!", "...", "。"). */
    static int runEnd(String s, int from) {
        int p = from;
        while (p < s.length() && Chars.isTerminator(s.charAt(p))) {
            p++;
        }
        return p;
    }

    /**
     * Where the sentence that started at {@code start} ends if the terminators {@code s[run, runEnd)} end it: after
     * them, after closing quotes and brackets, and after any emoji that follow. Returns -1 when they don't end it.
     */
    static int sentenceEnd(String s, int start, int run, int runEnd) {
        int n = s.length();
        int k = runEnd;
        while (k < n && Chars.isCloser(s.charAt(k))) {
            k++;
        }
        if (k == n) {
            return n;
        }
        boolean cjk = hasCjkTerminator(s, run, runEnd);
        int next = s.codePointAt(k);
        if (!Chars.isSpace(next) && !Chars.isEmoji(next) && !Chars.isEmojiPart(next)) {
            // "3.14", "a.b@c.de", "?x=1" continue; CJK text needs no space after its sentences.
            return cjk || Chars.isCjk(next) ? trailingEnd(s, k) : -1;
        }
        int word = nextWordStart(s, k);
        if (cjk || word == n || Chars.isLineBreak(s.charAt(word))) {
            return trailingEnd(s, k);
        }
        boolean closed = k > runEnd;
        boolean lowerNext = Character.isLowerCase(s.codePointAt(word));
        // A lower-case word continues after quoted speech ("Wow!" she said) and after a trailing-off ellipsis.
        if (lowerNext && (closed || isEllipsis(s, run, runEnd))) {
            return -1;
        }
        boolean singlePeriod = runEnd - run == 1 && s.charAt(run) == '.';
        if (singlePeriod && !closed && !periodEnds(s, start, run, word)) {
            return -1;
        }
        return trailingEnd(s, k);
    }

    private static boolean periodEnds(String s, int start, int period, int word) {
        int from = period;
        while (from > start && !Chars.isSpace(s.charAt(from - 1))) {
            from--;
        }
        while (from < period && Chars.isOpener(s.charAt(from))) {
            from++;
        }
        if (from == period) {
            return true;
        }
        return switch (Abbreviations.kindOf(s, from, period)) {
            case PREFIX -> false;
            case NUMBERED -> !Character.isDigit(s.charAt(word));
            case TERMINAL -> Abbreviations.opensSentence(s, word);
            case LIST_END -> Character.isUpperCase(s.charAt(word));
            case NONE -> !isListNumber(s, start, from, period);
        };
    }

    /** "1. Buy milk": a short number opening the sentence numbers a list item. */
    private static boolean isListNumber(String s, int start, int from, int to) {
        if (to - from > 3) {
            return false;
        }
        for (int i = from; i < to; i++) {
            if (!Character.isDigit(s.charAt(i))) {
                return false;
            }
        }
        for (int i = start; i < from; i++) {
            if (!Chars.isSpace(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean hasCjkTerminator(String s, int from, int to) {
        for (int i = from; i < to; i++) {
            if (Chars.isCjkTerminator(s.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    private static boolean isEllipsis(String s, int from, int to) {
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c == '…' || (c == '.' && i + 1 < to && s.charAt(i + 1) == '.')) {
                return true;
            }
        }
        return false;
    }

    /** The first character of the next word, past spaces, emoji and opening quotes; a line break also stops it. */
    private static int nextWordStart(String s, int from) {
        int p = from;
        while (p < s.length()) {
            char c = s.charAt(p);
            if (Chars.isLineBreak(c)) {
                return p;
            }
            int emojiEnd = Chars.emojiEnd(s, p);
            if (emojiEnd > p) {
                p = emojiEnd;
            } else if (Chars.isSpace(c) || Chars.isOpener(c)) {
                p++;
            } else {
                return p;
            }
        }
        return p;
    }

    /** Emoji and emoticons after the terminator belong to the sentence it ends: "So happy! 😊". */
    private static int trailingEnd(String s, int from) {
        int end = from;
        int p = from;
        while (p < s.length()) {
            char c = s.charAt(p);
            if (Chars.isSpace(c) && !Chars.isLineBreak(c)) {
                p++;
                continue;
            }
            int emojiEnd = Chars.emojiEnd(s, p);
            if (emojiEnd == p) {
                break;
            }
            end = emojiEnd;
            p = emojiEnd;
        }
        return end;
    }
}
