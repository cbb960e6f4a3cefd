package dev.engram.ingest.model;

import java.util.List;

/**
 * A page of a listing ordered by one text key (a user id, a session id); {@code nextAfter} is the last key of the
 * page when another page follows, null on the last.
 */
public record KeyedPage<T>(List<T> items, String nextAfter) {

    public KeyedPage {
        items = List.copyOf(items);
    }
}
