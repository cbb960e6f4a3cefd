package dev.engram.vector.graph;

/**
 * How the associative graph is built and walked.
 *
 * @param entityWeight share of a step that follows shared keywords
 * @param eventWeight share of a step that stays within the fact's event
 * @param temporalWeight share of a step that moves to a nearby statement of the same session
 * @param temporalWindow how many statements away in a session a temporal edge reaches
 * @param temporalDecay weight of a temporal edge one statement further away, relative to the nearer one
 * @param eventMaxFacts the most facts an event holds before the next fact starts a new one
 * @param restart the probability of jumping back to the seeds at each step of the walk
 * @param iterations power iterations of the walk
 * @param seeds primary hits that seed the walk
 * @param answerSeeds whether the walk's ranking includes the seeds themselves, or only what the walk found
 *     beyond them
 */
public record GraphSettings(
        double entityWeight,
        double eventWeight,
        double temporalWeight,
        int temporalWindow,
        double temporalDecay,
        int eventMaxFacts,
        double restart,
        int iterations,
        int seeds,
        boolean answerSeeds) {

    public GraphSettings {
        if (entityWeight < 0 || eventWeight < 0 || temporalWeight < 0) {
            throw new IllegalArgumentException("edge weights must not be negative");
        }
        if (restart <= 0 || restart > 1) {
            throw new IllegalArgumentException("restart must be in (0, 1], was " + restart);
        }
        if (temporalWindow < 0 || eventMaxFacts < 1 || iterations < 1 || seeds < 1) {
            throw new IllegalArgumentException("window, event size, iterations and seeds must be positive");
        }
    }
}
