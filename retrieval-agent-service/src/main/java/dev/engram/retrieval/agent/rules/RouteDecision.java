package dev.engram.retrieval.agent.rules;

import dev.engram.retrieval.model.SearchMode;

/** The strategy chosen for a question, and why, in words for the trace. */
public record RouteDecision(SearchMode mode, String reason) {}
