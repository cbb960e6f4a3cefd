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
 * safe default, and it picks a direct search whenever the question's shape is unclear. Either way a
 * question that asks for several things of a kind gets hits that stand alone.
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
                .map(shape -> shape.map(found -> fromLlm(request, found)).orElseGet(() -> fromRules(request, trace)));
    }

    /** The LLM picks the strategy; whether hits stand alone is read off the question, as without it. */
    private static RouteDecision fromLlm(SearchRequest request, QueryShape shape) {
        return ListQuestion.cue(request.query())
                .map(cue -> new RouteDecision(
                        shape.mode(),
                        "llm: the question is " + shape.name() + "; asks for several things (\"" + cue
                                + "\"), so each hit stands alone",
                        true))
                .orElseGet(() -> new RouteDecision(shape.mode(), "llm: the question is " + shape.name()));
    }

    private RouteDecision fromRules(SearchRequest request, TraceLog trace) {
        RouteDecision decision = rules.route(request.query());
        if (trace.llmCalls() == 0) {
            return decision;
        }
        return new RouteDecision(
                decision.mode(), "the LLM gave no usable route; " + decision.reason(), decision.hitsStandAlone());
    }
}
