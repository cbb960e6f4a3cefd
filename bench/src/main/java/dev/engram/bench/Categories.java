package dev.engram.bench;

import java.util.Map;

/** LoCoMo's question categories as the benchmark guide names them. */
final class Categories {

    private static final Map<Integer, String> NAMES =
            Map.of(1, "multi-hop", 2, "temporal", 3, "open-domain", 4, "single-hop", 5, "adversarial");

    private Categories() {}

    static String name(int category) {
        return NAMES.getOrDefault(category, "category " + category);
    }
}
