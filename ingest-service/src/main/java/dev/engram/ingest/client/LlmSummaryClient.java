package dev.engram.ingest.client;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The LLM behind short-term summaries. The call blocks (HTTP through langchain4j), so it runs on a
 * worker thread. Each attempt times out after {@code engram.llm.timeout}, and quarkus-langchain4j
 * retries a failed attempt once (the fewest it allows); beyond that the caller falls back to the
 * extractive summary for that round, and the next round tries the LLM again.
 */
@ApplicationScoped
public class LlmSummaryClient {

    private final SummaryModel model;

    LlmSummaryClient(SummaryModel model) {
        this.model = model;
    }

    /**
     * The model's answer, stripped. Fails when the call fails or the answer is blank; the answer may
     * be longer than asked, and capping it is the caller's business.
     */
    public Uni<String> summarize(String previousSummary, String transcript, int maxChars) {
        return Uni.createFrom().deferred(() -> {
            Context caller = Vertx.currentContext();
            Uni<String> call = Uni.createFrom()
                    .item(() -> model.summarize(previousSummary, transcript, maxChars))
                    .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                    .map(answer -> {
                        if (answer == null || answer.isBlank()) {
                            throw new IllegalStateException("the LLM answered an empty summary");
                        }
                        return answer.strip();
                    });
            // What follows (Hibernate Reactive) must run on the Vert.x context that started the call.
            return caller == null ? call : call.emitOn(task -> caller.runOnContext(ignored -> task.run()));
        });
    }
}
