package dev.engram.retrieval.service;

/**
 * Estimates the tokens a text costs in a prompt without loading a tokenizer: about four characters
 * per token for English text with common BPE tokenizers. Rounding up keeps the budget on the safe
 * side.
 */
final class TokenEstimate {

    static final int CHARS_PER_TOKEN = 4;

    private TokenEstimate() {}

    static int of(CharSequence text) {
        return (text.length() + CHARS_PER_TOKEN - 1) / CHARS_PER_TOKEN;
    }
}
