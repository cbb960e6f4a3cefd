package dev.engram.bench;

import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Names of the memory users and episodes of one run. Every run writes under its own prefix, so that runs
 * against the same long-lived gateway never see each other's episodes nor hit each other's idempotency keys.
 */
public final class RunIds {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private final String runId;

    public RunIds(String runId) {
        if (!runId.matches("[A-Za-z0-9._-]{1,64}")) {
            throw new IllegalArgumentException("a run id is 1-64 characters of [A-Za-z0-9._-], was '" + runId + "'");
        }
        this.runId = runId;
    }

    /** A fresh run id of the recall benchmark. */
    public static RunIds fresh() {
        return fresh("bench");
    }

    /**
     * A fresh run id, {@code <kind>-<UTC time>-<random suffix>}; the suffix tells apart runs started in the
     * same second.
     */
    public static RunIds fresh(String kind) {
        String suffix = Integer.toHexString(ThreadLocalRandom.current().nextInt(0x1000, 0x10000));
        return new RunIds(kind + "-" + ZonedDateTime.now(ZoneOffset.UTC).format(STAMP) + "-" + suffix);
    }

    public String runId() {
        return runId;
    }

    /** The memory user of a conversation. */
    public String userId(String sampleId) {
        return runId + "." + safe(sampleId);
    }

    /** The idempotency key of a turn's episode. */
    public String episodeId(String sampleId, String diaId) {
        return runId + ":" + safe(sampleId) + ":" + safe(diaId);
    }

    /** LoCoMo sample and turn ids fit the API's id alphabet; anything else is replaced rather than rejected. */
    private static String safe(String id) {
        return id.replaceAll("[^A-Za-z0-9._:@-]", "-");
    }
}
