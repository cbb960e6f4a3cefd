package dev.engram.profile.model;

import java.util.Locale;

/** Where a profile entry came from. */
public enum ProfileSource {
    /** Extracted from episodes by a language model. */
    LLM,
    /** Derived by deterministic rules. */
    RULES,
    /** Written by a person through the API. */
    MANUAL;

    /** The name stored in the database and sent on the wire. */
    public String code() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static ProfileSource fromCode(String code) {
        return valueOf(code.toUpperCase(Locale.ROOT));
    }
}
