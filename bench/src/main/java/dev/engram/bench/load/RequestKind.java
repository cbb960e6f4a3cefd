package dev.engram.bench.load;

/** The requests of a load run: the two it measures, and the status reads that verify it afterwards. */
public enum RequestKind {
    ADD("add"),
    SEARCH("search"),
    STATUS("status");

    private final String label;

    RequestKind(String label) {
        this.label = label;
    }

    /** The name in reports: {@code add} is {@code POST /v1/memories}, {@code search} its {@code /search}. */
    public String label() {
        return label;
    }
}
