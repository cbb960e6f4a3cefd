package dev.engram.embedding.text;

/** Character classes of the sentence scanner. Every check is allocation-free and works on code points. */
final class Chars {

    private static final String CLOSERS = "\"')]}»›”’」』）】〕〉》］｝";
    private static final String OPENERS = "\"'([{«‹“‘「『（【〔〈《［｛";

    private Chars() {}

    static boolean isLineBreak(int c) {
        return c == '\n' || c == '\r' || c == 0x85 || c == 0x2028 || c == 0x2029;
    }

    /** Java's whitespace plus the no-break spaces, which {@link Character#isWhitespace} leaves out. */
    static boolean isSpace(int c) {
        if (c < 0x80) {
            return c == ' ' || (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x1F);
        }
        return Character.isWhitespace(c) || Character.isSpaceChar(c);
    }

    static boolean isTerminator(int c) {
        if (c < 0x80) {
            return c == '.' || c == '!' || c == '?';
        }
        // Besides … and the CJK marks: ‼ ⁇ ⁈ ⁉ and the emoji ❓❔❕❗, which chat users type as punctuation.
        return c == '…'
                || isCjkTerminator(c)
                || c == 0x203C
                || (c >= 0x2047 && c <= 0x2049)
                || (c >= 0x2753 && c <= 0x2755)
                || c == 0x2757;
    }

    /** Terminators that end a sentence without a following space: CJK text has no spaces. */
    static boolean isCjkTerminator(int c) {
        return c == '。' || c == '！' || c == '？' || c == '｡';
    }

    static boolean isCloser(int c) {
        return c < 0x10000 && CLOSERS.indexOf(c) >= 0;
    }

    static boolean isOpener(int c) {
        return c < 0x10000 && OPENERS.indexOf(c) >= 0;
    }

    static boolean isCjk(int c) {
        if (c < 0x2E80) {
            return false;
        }
        Character.UnicodeScript script = Character.UnicodeScript.of(c);
        return script == Character.UnicodeScript.HAN
                || script == Character.UnicodeScript.HIRAGANA
                || script == Character.UnicodeScript.KATAKANA
                || script == Character.UnicodeScript.HANGUL;
    }

    /** A code point that starts an emoji; flags (regional indicators) and skin tones fall in the first block. */
    static boolean isEmoji(int c) {
        return (c >= 0x1F000 && c <= 0x1FAFF)
                || (c >= 0x2600 && c <= 0x27BF)
                || (c >= 0x2300 && c <= 0x23FF)
                || (c >= 0x2B00 && c <= 0x2BFF)
                || (c >= 0x2190 && c <= 0x21FF)
                || c == 0x00A9
                || c == 0x00AE
                || c == 0x2122
                || c == 0x3030
                || c == 0x303D
                || c == 0x3297
                || c == 0x3299;
    }

    /** Code points that only continue an emoji: joiner, variation selectors, keycap, skin tones, flag tags. */
    static boolean isEmojiPart(int c) {
        return c == 0x200D
                || c == 0xFE0F
                || c == 0xFE0E
                || c == 0x20E3
                || (c >= 0x1F3FB && c <= 0x1F3FF)
                || (c >= 0xE0020 && c <= 0xE007F);
    }

    /**
     * End of the emoji sequence or text emoticon ({@code :)}, {@code <3}) starting at {@code from}, or {@code from}
     * when there is none. Consuming whole sequences is what keeps ZWJ families, flags and skin tones intact.
     */
    static int emojiEnd(String s, int from) {
        int p = from;
        while (p < s.length()) {
            int c = s.codePointAt(p);
            if (!isEmoji(c) && !isEmojiPart(c)) {
                break;
            }
            p += Character.charCount(c);
        }
        return p > from ? p : emoticonEnd(s, from);
    }

    private static int emoticonEnd(String s, int from) {
        if (from == s.length() || ":;=<xX^".indexOf(s.charAt(from)) < 0) {
            return from;
        }
        int end = from;
        while (end < s.length() && !isSpace(s.charAt(end))) {
            end++;
        }
        int length = end - from;
        if (length < 2 || length > 4) {
            return from;
        }
        char first = s.charAt(from);
        boolean face = (first == ':' || first == ';' || first == '=') && !Character.isLetterOrDigit(s.charAt(from + 1))
                || (length == 2 && ":;=".indexOf(first) >= 0 && "DPpOo".indexOf(s.charAt(from + 1)) >= 0);
        boolean other = s.startsWith("<3", from)
                || s.startsWith("xD", from)
                || s.startsWith("XD", from)
                || s.startsWith("^^", from)
                || s.startsWith("^_^", from);
        return face || (other && length <= 3) ? end : from;
    }
}
