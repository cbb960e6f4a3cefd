package dev.engram.ingest.model;

/** A new rolling summary and who wrote it: {@code llm} or {@code extractive}. */
public record WrittenSummary(String text, String writer) {

    public static final String LLM = "llm";
    public static final String EXTRACTIVE = "extractive";
}
