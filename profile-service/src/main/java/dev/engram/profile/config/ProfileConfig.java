package dev.engram.profile.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** Profile extraction: when it runs, how much it takes at once, what it may write. */
@ConfigMapping(prefix = "engram.profile")
public interface ProfileConfig {

    /** A user's waiting episodes are extracted once this many have accumulated. */
    @WithDefault("5")
    int batchSize();

    /** ... or once the oldest of them has waited this long, however few they are. */
    @WithDefault("5m")
    Duration maxWait();

    /** The most episodes one extraction takes; a backlog is worked off in batches of this size. */
    @WithDefault("50")
    int maxBatch();

    /**
     * A worker looks for a due user among this many of the oldest waiting episodes (see {@code
     * ObservedEpisodeRepository}), so that finding work costs the same under a backlog of any size.
     */
    @WithDefault("2000")
    int claimWindow();

    /**
     * How long a claimed batch stays hidden from other workers. A worker that has not finished by
     * then loses the batch to another one and its result is discarded, so this must exceed an
     * extraction's worst case (two LLM attempts of {@code engram.llm.timeout}); startup fails when it
     * does not.
     */
    @WithDefault("5m")
    Duration lease();

    /**
     * How often a worker looks for due users. "off" disables the worker (tests drive it by hand).
     * Quarkus's scheduler checks its triggers once a second, so shorter intervals act like one.
     */
    @WithDefault("5s")
    String pollInterval();

    /** How often {@code engram_profile_backlog} and {@code engram_profile_backlog_age_seconds} are recounted. */
    @WithDefault("5s")
    Duration gaugeInterval();

    /** The category written on extracted entries. */
    @WithDefault("profile")
    String category();

    /** The tags an extracted entry may carry, unless the project has its own list. */
    @WithDefault("demographics,identity,relationships,work,education,location,hobbies and interests,"
            + "preferences and dislikes,health,goals and plans,important events")
    List<String> tags();

    /** Per-project tag lists ({@code engram.profile.project-tags.<project>=a,b,c}). */
    Map<String, List<String>> projectTags();

    /**
     * Consolidation keeps at most this many current extracted entries per subject and tag; the
     * least supported of the rest are retired (kept in the history). Manual entries are never retired.
     */
    @WithDefault("25")
    int maxEntriesPerTag();

    /**
     * Two entries of one subject and tag whose words overlap at least this much (Dice coefficient
     * over normalised words, see {@code Similarity}) are near-duplicates and merged.
     */
    @WithDefault("0.8")
    double nearDuplicateThreshold();

    /** LLM extraction calls a project may make per minute (per replica); beyond, batches use the rules. */
    @WithDefault("30")
    int llmCallsPerMinute();

    /** The tags allowed in {@code project}. */
    default List<String> tagsOf(String project) {
        return projectTags().getOrDefault(project, tags());
    }
}
