package dev.engram.embedding.text;

import java.util.List;
import java.util.Objects;

/**
 * Splits one conversational message into its sentences for the long-term index, where each sentence is embedded on
 * its own.
 *
 * <p>A sentence ends at a line break, or at a run of terminators ({@code . ! ? …} and the CJK {@code 。！？}) together
 * with the closing quotes, brackets and emoji that follow it. A period does not end a sentence inside a number, a
 * version, a URL, an e-mail address or a file name, nor after an abbreviation or an initial unless what follows
 * opens a sentence ({@link Abbreviations}); an ellipsis or quoted speech followed by a lower-case word does
 * not end one either. A "sentence" of only punctuation or emoji joins its neighbour. Chat messages are often written
 * in lower case, so {@code ?} and {@code !} end a sentence whatever the case of the next word.
 *
 * <p>Stateless and thread-safe; one linear scan with no regular expressions, since it runs on every indexed message.
 */
public final class SentenceSplitter {

    /**
     * The sentences of {@code text} in order: trimmed, with runs of whitespace collapsed to one space, none blank.
     * Blank text has none; text without terminators or line breaks is one sentence.
     */
    public List<String> split(String text) {
        Objects.requireNonNull(text, "text");
        SentenceSpans spans = new SentenceSpans(text);
        int n = text.length();
        int start = 0;
        int i = 0;
        while (i < n) {
            char c = text.charAt(i);
            if (Chars.isLineBreak(c)) {
                spans.add(start, i);
                start = ++i;
            } else if (Chars.isTerminator(c)) {
                int runEnd = Boundaries.runEnd(text, i);
                int end = Boundaries.sentenceEnd(text, start, i, runEnd);
                if (end < 0) {
                    i = runEnd;
                } else {
                    spans.add(start, end);
                    start = end;
                    i = end;
                }
            } else {
                i++;
            }
        }
        spans.add(start, n);
        return spans.sentences();
    }
}
