package dev.engram.retrieval.agent;

import dev.engram.retrieval.agent.llm.AgentLlm;
import dev.engram.retrieval.agent.llm.QueryShape;
import dev.engram.retrieval.agent.rules.ListQuestion;
import dev.engram.retrieval.agent.rules.RouteDecision;
import dev.engram.retrieval.agent.rules.RuleRouter;
import dev.engram.retrieval.model.SearchRequest;
import dev.engram.retrieval.service.TraceLog;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * ToolSelect for {@code mode: auto}: one LLM call classifies the question as a multi-hop chain,
 * several independent parts or a simple single-hop question. Without an LLM, or when its answer is
 * not one of the three (or the call fails), the rule-based router decides: that is the documented
 * safe default, and it picks a direct search whenever the question's shape is unclear. Either way
 * the decision says whether the question asks for several things, read off its surface.
 */
@ApplicationScoped
public class ModeSelector {

    private final AgentLlm llm;
    private final RuleRouter rules;

    public ModeSelector(AgentLlm llm, RuleRouter rules) {
        this.llm = llm;
        this.rules = rules;
    }

    public Uni<RouteDecision> select(SearchRequest request, TraceLog trace) {
        return llm.ask(
                        "route",
                        request.scope().getProject(),
                        trace,
                        model -> model.classify(request.query()),
                        QueryShape::parse)
                .map(shape -> shape.map(ModeSelector::fromLlm).orElseGet(() -> fromRules(request, trace)))
                .map(decision ->
                        decision.asking(ListQuestion.cue(request.query()).isPresent()));
    }

    private static RouteDecision fromLlm(QueryShape shape) {
        return new RouteDecision(shape.mode(), "llm: the question is " + shape.name());
    }

    private RouteDecision fromRules(SearchRequest request, TraceLog trace) {
        RouteDecision decision = rules.route(request.query());
        if (trace.llmCalls() == 0) {
            return decision;
        }
        return new RouteDecision(decision.mode(), "the LLM gave no usable route; " + decision.reason());
    }
}
