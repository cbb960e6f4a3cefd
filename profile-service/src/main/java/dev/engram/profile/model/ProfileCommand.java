package dev.engram.profile.model;

import java.util.List;

/**
 * One change an extractor asks for. {@code entryId} names the entry a {@code DELETE} closes;
 * otherwise subject, tag and feature (and for DELETE optionally value) select it. {@code evidence}
 * holds ids of episodes of the batch being extracted.
 */
public record ProfileCommand(
        CommandOp op,
        String subject,
        String tag,
        String feature,
        String value,
        List<String> evidence,
        float confidence,
        String entryId) {

    public static ProfileCommand add(
            String subject, String tag, String feature, String value, String evidence, float confidence) {
        return new ProfileCommand(CommandOp.ADD, subject, tag, feature, value, List.of(evidence), confidence, null);
    }

    public static ProfileCommand update(
            String subject, String tag, String feature, String value, String evidence, float confidence) {
        return new ProfileCommand(CommandOp.UPDATE, subject, tag, feature, value, List.of(evidence), confidence, null);
    }
}
