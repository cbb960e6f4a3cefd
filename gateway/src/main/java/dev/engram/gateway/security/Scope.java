package dev.engram.gateway.security;

import java.util.Locale;
import java.util.Optional;

/** What an API key may do: read memory, write (add, edit, delete) memory, administer its project. */
public enum Scope {
    READ,
    WRITE,
    ADMIN;

    /** The name used in the API and in storage. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<Scope> fromWireName(String name) {
        for (Scope scope : values()) {
            if (scope.wireName().equals(name)) {
                return Optional.of(scope);
            }
        }
        return Optional.empty();
    }
}
