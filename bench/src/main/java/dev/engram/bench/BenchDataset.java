package dev.engram.bench;

import java.util.Arrays;
import java.util.stream.Collectors;

/** The benchmarks {@code bin/engram-bench} runs, with where each one's development split lives. */
public enum BenchDataset {
    LOCOMO("locomo", "LoCoMo", "../shared/data/locomo/locomo-dev.json"),
    LONGMEMEVAL("longmemeval", "LongMemEval", "../shared/data/longmemeval/longmemeval-s-dev.json");

    private final String id;
    private final String title;
    private final String defaultData;

    BenchDataset(String id, String title, String defaultData) {
        this.id = id;
        this.title = title;
        this.defaultData = defaultData;
    }

    /** The value of {@code --dataset}. */
    public String id() {
        return id;
    }

    /** The benchmark's name as its authors write it. */
    public String title() {
        return title;
    }

    /** The default {@code --data}, relative to the repository root. */
    public String defaultData() {
        return defaultData;
    }

    public static BenchDataset fromId(String id) {
        return Arrays.stream(values())
                .filter(dataset -> dataset.id.equals(id.trim()))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("--dataset takes one of "
                        + Arrays.stream(values()).map(BenchDataset::id).collect(Collectors.joining("|"))
                        + ", was '" + id + "'"));
    }
}
