package dev.engram.embedding;

/**
 * Up to 512 token ids of one text, special tokens included: a whole text, or one piece of a text too long for
 * the model's positions.
 *
 * @param text index of the text among those being embedded
 * @param ids the token ids fed to the model
 * @param weight how much this window counts in its text's vector (its own tokens)
 */
record TokenWindow(int text, long[] ids, int weight) {

    int length() {
        return ids.length;
    }
}
