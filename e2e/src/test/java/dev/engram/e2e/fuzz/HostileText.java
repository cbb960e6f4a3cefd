package dev.engram.e2e.fuzz;

import java.util.List;

/**
 * Texts that break naive code: right-to-left overrides, combining marks piled on one letter, emoji built of
 * joined code points, zero-width and control characters, query syntax of search engines, and, as invalid
 * input, NUL and lone UTF-16 surrogates (which no UTF-8 text can hold and which JSON can only escape).
 */
final class HostileText {

    /** Pieces that an API storing text verbatim must store verbatim. */
    static final List<String> STORABLE = List.of(
            "plain words",
            "😀",
            "👩‍👩‍👧‍👦",
            "🏳️‍🌈",
            "🇩🇪🇯🇵",
            "👍🏽",
            "1️⃣",
            "\u202Egnirts desrever",
            "\u200Fרשימה\u200E",
            "\u2067مرحبا بالعالم\u2069",
            "שָׁלוֹם",
            "e\u0301 a\u0308\u0304",
            "Z"
                    + "\u0351\u036b\u0343\u036a\u0302\u036b\u033d\u034f\u0334\u0319\u0324\u031e\u0349\u035a\u032f"
                            .repeat(8),
            "zero\u200Bwidth\u200C\u200D\u2060",
            "\uFEFFbom",
            "日本語のテキスト",
            "한국어",
            "नमस्ते",
            "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 𐍈 𠜎",
            "\uFFFD\uFFFE\uFFFF",
            "\uE000\uDBFF\uDFFF",
            "tab\tnew\nline\r\n",
            "\u0001\u001B[31mred\u001B[0m\u007F\u0085",
            "line\u2028paragraph\u2029",
            "'; DROP TABLE episodes; --",
            "<script>alert(1)</script>",
            "${jndi:ldap://x/y}",
            "%s%n%x",
            "\\u0000 \\ud800 (escapes as text)",
            "\"quoted\" \\backslash\\",
            "../../etc/passwd",
            "title:foo AND bar~2 OR \"x\"^3 [a TO z] *? (((",
            "+-&&||!(){}[]^\"~*?:\\/",
            "Straße İstanbul ǅ ﬁ");

    /** Characters no stored text may hold: NUL, and halves of surrogate pairs on their own. */
    static final List<String> UNSTORABLE = List.of("\u0000", "\uD800", "\uDFFF", "\uDC00\uD800", "a\uD83D", "\uDE00b");

    private HostileText() {}

    /** A text of one to a dozen storable pieces, never blank. */
    static Gen<String> storable() {
        return Gen.of(STORABLE).list(1, 12).map(pieces -> String.join(" ", pieces));
    }

    /** A storable text with at least one unstorable character somewhere in it. */
    static Gen<String> unstorable() {
        return Gen.of(UNSTORABLE)
                .flatMap(bad -> storable().map(text -> {
                    int at = text.length() / 2;
                    while (at > 0 && Character.isLowSurrogate(text.charAt(at))) {
                        at--;
                    }
                    return text.substring(0, at) + bad + text.substring(at);
                }));
    }

    /** Characters Java counts as blank, alone or together: a text of them says nothing. */
    static Gen<String> blank() {
        return Gen.of("", " ", "\t\n", "\u2003\u2028", "\u001F", "   \r\n  ");
    }

    /** Exactly {@code codePoints} code points, some of them outside the BMP (two UTF-16 units each). */
    static String ofCodePoints(int codePoints) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < codePoints; i++) {
            text.append(i % 7 == 3 ? "😀" : i % 5 == 1 ? "é" : "a");
        }
        return text.toString();
    }

    /** Exactly {@code bytes} bytes of UTF-8, mixing one-, two-, three- and four-byte characters. */
    static String ofUtf8Bytes(int bytes) {
        StringBuilder text = new StringBuilder();
        int left = bytes;
        int i = 0;
        while (left > 0) {
            int size = left >= 4 ? 1 + (i++ % 4) : left;
            text.append(
                    switch (size) {
                        case 1 -> "a";
                        case 2 -> "é";
                        case 3 -> "€";
                        default -> "😀";
                    });
            left -= size;
        }
        return text.toString();
    }
}
