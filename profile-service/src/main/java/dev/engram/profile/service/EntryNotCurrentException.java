package dev.engram.profile.service;

import java.util.UUID;

/** A manual edit named an entry that has been closed or retired: only current entries get new versions. */
public class EntryNotCurrentException extends RuntimeException {

    public EntryNotCurrentException(UUID id) {
        super("entry " + id + " is no longer current; edit the current version of its feature");
    }
}
