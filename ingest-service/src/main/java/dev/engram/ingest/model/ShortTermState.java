package dev.engram.ingest.model;

/** A short-term memory's stored part: the summary and what it covers. */
public record ShortTermState(String summary, Coverage coverage) {

    public static final ShortTermState EMPTY = new ShortTermState("", Coverage.NONE);
}
