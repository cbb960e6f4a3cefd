package dev.engram.vector.reconstruct;

/**
 * How far the navigator may go and how it weighs what it meets.
 *
 * @param maxSteps open steps before it stops, whatever they still add
 * @param openPerStep contents opened by one step
 * @param tagBonus how much more a candidate weighs when its tag is a relation the question names
 * @param followDecay weight of a cue reached through an opened content, relative to the content's evidence
 * @param topicWeight weight the rest of an opened content's event gets as candidates, shared among them
 * @param minGain a step whose best new content has less evidence than this share of the best so far adds
 *     nothing: the navigator stops
 * @param maxCueSpread cues that lead to more contents than this are too common to follow from a content
 */
public record ReconstructSettings(
        int maxSteps,
        int openPerStep,
        double tagBonus,
        double followDecay,
        double topicWeight,
        double minGain,
        int maxCueSpread) {

    public ReconstructSettings {
        if (maxSteps < 1 || openPerStep < 1 || maxCueSpread < 1) {
            throw new IllegalArgumentException("steps, contents per step and cue spread must be positive");
        }
        if (tagBonus < 0 || followDecay < 0 || topicWeight < 0 || minGain < 0 || minGain > 1) {
            throw new IllegalArgumentException("weights must not be negative, and minGain is a share");
        }
    }
}
