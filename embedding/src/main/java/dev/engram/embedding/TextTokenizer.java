package dev.engram.embedding;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Cuts texts into token windows the model can read. A model whose tokenizer truncates (all-MiniLM-L6-v2 reads the
 * first 128 tokens, the length it was trained on) keeps doing so. Otherwise a text longer than the model's 512
 * positions is read in windows of at most 510 tokens (plus the two special tokens), never splitting a word's
 * pieces, and its vector is the windows' mean weighted by their length.
 */
final class TextTokenizer implements AutoCloseable {

    /** BERT's 512 positions less the classification and separator tokens every window gets. */
    static final int WINDOW_TOKENS = 510;

    private static final String CONTINUATION = "##";

    private final HuggingFaceTokenizer tokenizer;
    private final long classification;
    private final long separator;

    TextTokenizer(InputStream description) throws IOException {
        this.tokenizer = HuggingFaceTokenizer.newInstance(description, Map.of("padding", "false"));
        long[] marks = tokenizer.encode("a", true, false).getIds();
        this.classification = marks[0];
        this.separator = marks[marks.length - 1];
    }

    /** The windows of text number {@code index}. */
    List<TokenWindow> windows(int index, String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("cannot embed a blank text");
        }
        long[] whole = tokenizer.encode(text, true, false).getIds();
        if (whole.length <= WINDOW_TOKENS + 2) {
            return List.of(new TokenWindow(index, whole, whole.length));
        }
        Encoding plain = tokenizer.encode(text, false, false);
        long[] ids = plain.getIds();
        String[] tokens = plain.getTokens();
        List<TokenWindow> windows = new ArrayList<>();
        int from = 0;
        while (from < ids.length) {
            int to = Math.min(ids.length, from + WINDOW_TOKENS);
            int cut = to;
            while (cut < ids.length && cut > from + 1 && tokens[cut].startsWith(CONTINUATION)) {
                cut--;
            }
            to = cut;
            long[] window = new long[to - from + 2];
            window[0] = classification;
            System.arraycopy(ids, from, window, 1, to - from);
            window[window.length - 1] = separator;
            windows.add(new TokenWindow(index, window, to - from));
            from = to;
        }
        return windows;
    }

    @Override
    public void close() {
        tokenizer.close();
    }
}
