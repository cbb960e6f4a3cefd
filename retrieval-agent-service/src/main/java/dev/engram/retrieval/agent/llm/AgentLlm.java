package dev.engram.retrieval.agent.llm;

import dev.engram.grpc.call.CallPolicies;
import dev.engram.grpc.call.CallPolicy;
import dev.engram.grpc.call.ProjectRateLimiter;
import dev.engram.retrieval.config.AgentConfig;
import dev.engram.retrieval.config.LlmConfig;
import dev.engram.retrieval.service.TraceLog;
import dev.langchain4j.exception.NonRetriableException;
import dev.langchain4j.model.output.TokenUsage;
import dev.langchain4j.service.Result;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.time.Clock;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The only way a search reaches the LLM. A call is made only when the LLM is configured, the
 * search has budget left and the project is under its rate limit; it runs on a worker thread under
 * the call policy of peer {@code llm} ({@code engram.clients.llm.*}): bounded by its deadline and the
 * search's, a failure that may pass retried while time is left. Whatever goes wrong (refused, timed
 * out, failed, unreadable) the caller gets no answer and takes its rule-based path; a search never
 * fails because of the LLM.
 */
@ApplicationScoped
public class AgentLlm {

    private final Instance<QueryAgentModel> model;
    private final boolean enabled;
    private final AgentConfig.Llm limits;
    private final ProjectRateLimiter rateLimiter;
    private final CallPolicy calls;
    private final MeterRegistry registry;

    AgentLlm(
            Instance<QueryAgentModel> model,
            LlmConfig llm,
            AgentConfig agent,
            CallPolicies calls,
            MeterRegistry registry) {
        this.model = model;
        this.enabled = llm.enabled();
        this.limits = agent.llm();
        this.rateLimiter = new ProjectRateLimiter(agent.llm().callsPerMinute(), Clock.systemUTC());
        // A refusal that will not change (bad key, bad request, unknown model) is not asked again.
        this.calls = calls.to("llm").retryingWhen(failure -> !(failure instanceof NonRetriableException));
        this.registry = registry;
    }

    public boolean enabled() {
        return enabled;
    }

    /** Whether a search may still ask: the LLM is configured and the search has not spent its calls. */
    public boolean budgetLeft(TraceLog trace) {
        return enabled && trace.llmCalls() < limits.callsPerSearch();
    }

    /**
     * Asks the model and reads its answer. {@code purpose} names the call in metrics and logs
     * ({@code route}, {@code split}, {@code chain}).
     */
    public <T> Uni<Optional<T>> ask(
            String purpose,
            String project,
            TraceLog trace,
            Function<QueryAgentModel, Result<String>> call,
            Function<String, Optional<T>> read) {
        if (!enabled) {
            return Uni.createFrom().item(Optional.empty());
        }
        if (trace.llmCalls() >= limits.callsPerSearch()) {
            count(purpose, project, "over_budget");
            return Uni.createFrom().item(Optional.empty());
        }
        if (!rateLimiter.tryAcquire(project)) {
            count(purpose, project, "rate_limited");
            return Uni.createFrom().item(Optional.empty());
        }
        Supplier<Result<String>> attempt = () -> call.apply(model.get());
        long started = System.nanoTime();
        return calls.call(
                        purpose,
                        deadline -> Uni.createFrom()
                                .item(attempt)
                                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                                .ifNoItem()
                                .after(CallPolicy.timeLeft(deadline))
                                .fail()
                                .onFailure()
                                .invoke(failure -> trace.llmCall(0, 0)))
                .map(result -> {
                    TokenUsage usage = result.tokenUsage();
                    long in = usage == null || usage.inputTokenCount() == null ? 0 : usage.inputTokenCount();
                    long out = usage == null || usage.outputTokenCount() == null ? 0 : usage.outputTokenCount();
                    trace.llmCall(in, out);
                    tokens(project, "in", in);
                    tokens(project, "out", out);
                    Optional<T> answer = read.apply(result.content());
                    count(purpose, project, answer.isPresent() ? "answered" : "unreadable");
                    return answer;
                })
                .onTermination()
                .invoke(() -> trace.stage("llm_" + purpose, (System.nanoTime() - started) / 1_000_000))
                .onFailure()
                .recoverWithItem(failure -> {
                    Log.warnf("LLM %s call failed (%s); the search goes on with rules", purpose, failure.toString());
                    count(purpose, project, "failed");
                    return Optional.empty();
                });
    }

    private void count(String purpose, String project, String outcome) {
        Counter.builder("engram.retrieval.llm.calls")
                .description("LLM calls of searches, by purpose and outcome")
                .tag("project", project)
                .tag("purpose", purpose)
                .tag("outcome", outcome)
                .register(registry)
                .increment();
    }

    private void tokens(String project, String direction, long count) {
        Counter.builder("engram.retrieval.llm.tokens")
                .description("Tokens sent to (in) and received from (out) the LLM by searches")
                .tag("project", project)
                .tag("direction", direction)
                .register(registry)
                .increment(count);
    }
}
