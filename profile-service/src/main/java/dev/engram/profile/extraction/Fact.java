package dev.engram.profile.extraction;

import dev.engram.profile.model.CommandOp;

/**
 * What one rule read from one sentence, before it becomes a command with evidence. A {@code DELETE}
 * ends a state: it closes the subject's current entries of its tag and feature, those near its value
 * when it has one, all of them when {@code value} is null.
 */
record Fact(CommandOp op, String tag, String feature, String value, float confidence) {}
