package dev.engram.profile.extraction;

import dev.engram.profile.model.CommandOp;

/** What one rule read from one sentence, before it becomes a command with evidence. */
record Fact(CommandOp op, String tag, String feature, String value, float confidence) {}
