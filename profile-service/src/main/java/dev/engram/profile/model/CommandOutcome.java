package dev.engram.profile.model;

/** What applying a batch's commands did, for metrics and tests. */
public record CommandOutcome(int added, int merged, int closed, int retired) {

    public static final CommandOutcome NONE = new CommandOutcome(0, 0, 0, 0);

    public CommandOutcome plus(CommandOutcome other) {
        return new CommandOutcome(
                added + other.added, merged + other.merged, closed + other.closed, retired + other.retired);
    }
}
