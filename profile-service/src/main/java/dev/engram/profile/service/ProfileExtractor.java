package dev.engram.profile.service;

import dev.engram.grpc.call.ProjectRateLimiter;
import dev.engram.profile.client.LlmExtractionClient;
import dev.engram.profile.config.LlmConfig;
import dev.engram.profile.config.ProfileConfig;
import dev.engram.profile.extraction.RuleExtractor;
import dev.engram.profile.model.ClaimedBatch;
import dev.engram.profile.model.ProfileCommand;
import dev.engram.profile.model.ProfileEntry;
import dev.engram.profile.model.ProfileSource;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Chooses how a batch is extracted: by the LLM when one is configured and the project's budget of
 * calls allows, else by the rules. An LLM call that fails (after its retry) or answers something
 * that is not a command list falls back to the rules, so a batch is never lost to the LLM.
 */
@ApplicationScoped
public class ProfileExtractor {

    private static final Logger LOG = Logger.getLogger(ProfileExtractor.class);

    /** The commands of a batch, who produced them, and how many of the LLM's could not be read. */
    public record Extraction(ProfileSource source, List<ProfileCommand> commands, int unreadable) {}

    private final LlmConfig llmConfig;
    private final LlmExtractionClient llm;
    private final RuleExtractor rules;
    private final ProjectRateLimiter budget;
    private final ProfileMetrics metrics;

    ProfileExtractor(
            LlmConfig llmConfig,
            LlmExtractionClient llm,
            RuleExtractor rules,
            ProfileConfig config,
            ProfileMetrics metrics) {
        this.llmConfig = llmConfig;
        this.llm = llm;
        this.rules = rules;
        this.budget = new ProjectRateLimiter(config.llmCallsPerMinute(), Clock.systemUTC());
        this.metrics = metrics;
    }

    public Uni<Extraction> extract(ClaimedBatch batch, List<String> tags, List<ProfileEntry> current) {
        if (!llmConfig.enabled()) {
            return Uni.createFrom().item(() -> byRules(batch));
        }
        if (!budget.tryAcquire(batch.project())) {
            metrics.llmCall("over_budget");
            return Uni.createFrom().item(() -> byRules(batch));
        }
        return llm.extract(tags, current, batch.episodes())
                .map(parsed -> {
                    metrics.llmCall("ok");
                    return new Extraction(ProfileSource.LLM, parsed.commands(), parsed.unreadable());
                })
                .onFailure()
                .recoverWithItem(failure -> {
                    metrics.llmCall("failed");
                    LOG.warnf(
                            "LLM profile extraction failed for user %s (%s); extracting with the rules",
                            batch.userId(), failure.getMessage());
                    return byRules(batch);
                });
    }

    private Extraction byRules(ClaimedBatch batch) {
        return new Extraction(ProfileSource.RULES, rules.extract(batch.episodes()), 0);
    }
}
