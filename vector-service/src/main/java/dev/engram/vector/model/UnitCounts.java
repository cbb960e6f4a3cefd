package dev.engram.vector.model;

/**
 * What the index holds for one user.
 *
 * @param episodes distinct episodes with at least one unit
 * @param turnUnits units of kind {@link UnitKind#TURN}: one per episode unless one is indexed twice
 * @param units every unit: turns, sentences, captions
 * @param facts atomic facts derived from the units
 */
public record UnitCounts(long episodes, long turnUnits, long units, long facts) {

    public static final UnitCounts NONE = new UnitCounts(0, 0, 0, 0);

    /** Counts of a store that holds no facts. */
    public UnitCounts(long episodes, long turnUnits, long units) {
        this(episodes, turnUnits, units, 0);
    }
}
