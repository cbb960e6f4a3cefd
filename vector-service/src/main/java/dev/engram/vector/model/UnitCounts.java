package dev.engram.vector.model;

/**
 * What the index holds for one user.
 *
 * @param episodes distinct episodes with at least one unit
 * @param turnUnits units of kind {@link UnitKind#TURN}: one per episode unless one is indexed twice
 * @param units every unit: turns, sentences, captions
 */
public record UnitCounts(long episodes, long turnUnits, long units) {

    public static final UnitCounts NONE = new UnitCounts(0, 0, 0);
}
