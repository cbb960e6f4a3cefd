package dev.engram.profile.model;

import java.util.Locale;
import java.util.Optional;

/** What an extraction command does to a profile. */
public enum CommandOp {
    /** A further value of a feature (a subject may enjoy several hobbies). */
    ADD,
    /** The feature's new value: current values that differ are closed, so the old ones stay history. */
    UPDATE,
    /** The feature no longer holds: matching current entries are closed (not deleted). */
    DELETE;

    public static Optional<CommandOp> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(valueOf(text.strip().toUpperCase(Locale.ROOT)));
        } catch (IllegalArgumentException unknown) {
            return Optional.empty();
        }
    }
}
