package dev.engram.bench;

import java.util.List;

/** Something that answers a question with the turns of its conversation, best first. */
public interface Retriever {

    /** The row label in the report, e.g. {@code bm25}. */
    String name();

    /**
     * The ranked turn list of a question: turn ids of the question's own conversation, best first, without
     * duplicates.
     */
    List<String> rank(Question question);

    /** What its searches so far cost; null for a retriever that does not measure it (the flat baselines). */
    default SearchCost cost() {
        return null;
    }
}
