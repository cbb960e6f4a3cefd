package dev.engram.bench;

/**
 * One line of a conversation.
 *
 * @param diaId the turn id, e.g. {@code D3:7} (LoCoMo session 3, turn 7) or {@code s3:7} (LongMemEval)
 * @param speaker who said it: a LoCoMo speaker's name, or a LongMemEval role ({@code user}, {@code assistant})
 * @param text what was said
 * @param imageCaption the caption of a shared image, or {@code null}
 */
public record Turn(String diaId, String speaker, String text, String imageCaption) {

    /** The episode content of the protocol: the words plus the image caption. */
    public String content() {
        if (imageCaption == null || imageCaption.isBlank()) {
            return text;
        }
        return text + " [image: " + imageCaption + "]";
    }

    /**
     * A retrieved turn as a reader sees it, {@code "<speaker>: <content>"}: the text the flat baselines index
     * and the text the word budget charges for. Questions name people, so a turn without its speaker loses
     * most of what matches them (turn-level MiniLM recall@10 halves on the LoCoMo dev split).
     */
    public String retrievedText() {
        return speaker + ": " + content();
    }

    /** The words of {@link #retrievedText()}, split on whitespace: the unit of the retrieval word budget. */
    public int words() {
        return retrievedText().strip().split("\\s+").length;
    }
}
