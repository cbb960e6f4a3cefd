package dev.engram.sdk.langchain4j;

import dev.engram.sdk.Engram;
import dev.langchain4j.rag.content.Content;
import dev.langchain4j.rag.content.retriever.ContentRetriever;
import dev.langchain4j.rag.query.Query;
import java.util.List;

/**
 * Retrieval-augmented generation from Engram, for one user: the query is searched in the user's long-term
 * memory and the answer's prompt-ready context becomes one piece of content; nothing when nothing relevant was
 * found, so the model is not handed noise.
 */
public final class EngramContentRetriever implements ContentRetriever {

    private final Engram engram;
    private final String userId;
    private final int topK;

    /** @param topK passages of conversation to search for, 1 to 100 */
    public EngramContentRetriever(Engram engram, String userId, int topK) {
        this.engram = engram;
        this.userId = userId;
        this.topK = topK;
    }

    @Override
    public List<Content> retrieve(Query query) {
        String context = engram.search(userId, query.text(), topK).context();
        return context == null || context.isBlank() ? List.of() : List.of(Content.from(context));
    }
}
