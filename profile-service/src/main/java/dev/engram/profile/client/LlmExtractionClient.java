package dev.engram.profile.client;

import dev.engram.profile.model.ObservedEpisode;
import dev.engram.profile.model.ProfileEntry;
import dev.engram.profile.service.ProfileMetrics;
import dev.langchain4j.model.output.TokenUsage;
import dev.langchain4j.service.Result;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The LLM behind profile extraction. The call blocks (HTTP through langchain4j), so it runs on a
 * worker thread. Each attempt times out after {@code engram.llm.timeout} and quarkus-langchain4j
 * retries a failed attempt once; beyond that the call fails and the caller extracts with the rules.
 */
@ApplicationScoped
public class LlmExtractionClient {

    private final ProfileModel model;
    private final ProfileMetrics metrics;

    LlmExtractionClient(ProfileModel model, ProfileMetrics metrics) {
        this.model = model;
        this.metrics = metrics;
    }

    /** The commands the model asks for. Fails when the call fails or the answer is not a command list. */
    public Uni<CommandParser.Parsed> extract(
            List<String> tags, List<ProfileEntry> profile, List<ObservedEpisode> episodes) {
        return Uni.createFrom().deferred(() -> {
            Context caller = Vertx.currentContext();
            Uni<CommandParser.Parsed> call = Uni.createFrom()
                    .item(() -> model.extract(String.join(", ", tags), profileLines(profile), messageLines(episodes)))
                    .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                    .invoke(this::count)
                    .map(result -> CommandParser.parse(result.content()));
            // What follows (Hibernate Reactive) must run on the Vert.x context that started the call.
            return caller == null ? call : call.emitOn(task -> caller.runOnContext(ignored -> task.run()));
        });
    }

    private void count(Result<String> result) {
        TokenUsage usage = result.tokenUsage();
        if (usage != null) {
            metrics.llmTokens(usage.inputTokenCount(), usage.outputTokenCount());
        }
    }

    private static String profileLines(List<ProfileEntry> profile) {
        if (profile.isEmpty()) {
            return "(empty)";
        }
        return profile.stream()
                .map(e -> e.id + " | " + e.subject + " | " + e.tag + " | " + e.feature + " = " + e.value)
                .collect(Collectors.joining("\n"));
    }

    private static String messageLines(List<ObservedEpisode> episodes) {
        return episodes.stream()
                .map(e -> e.episodeId + " | " + e.ts + " | " + e.speaker() + ": " + e.content)
                .collect(Collectors.joining("\n"));
    }
}
