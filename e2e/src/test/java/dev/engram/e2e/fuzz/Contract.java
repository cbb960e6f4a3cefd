package dev.engram.e2e.fuzz;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The public API's rules as its documentation and OpenAPI document state them (ids, limits, enums), and values
 * that keep them, with the values at each limit drawn more often than chance would draw them.
 */
final class Contract {

    static final String LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    static final String ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._:@-";
    static final int MAX_ID = 128;
    static final int MAX_EPISODES = 1000;
    static final int MAX_CONTENT_BYTES = 32 * 1024;
    static final int MAX_QUERY_CHARS = 4000;
    static final int MAX_LABEL_CHARS = 256;
    static final int MAX_METADATA_ENTRIES = 64;
    static final int MAX_METADATA_KEY_CHARS = 128;
    static final int MAX_METADATA_VALUE_CHARS = 2048;
    static final int MAX_TOP_K = 100;
    static final int MAX_NEIGHBOURS = 10;
    static final int MAX_CONTEXT_TOKENS = 32000;
    static final int MAX_RERANKERS = 8;
    static final int MAX_PAGE = 1000;
    static final int MAX_PROFILE_LABEL_CHARS = 200;
    static final int MAX_PROFILE_VALUE_CHARS = 1000;
    static final int MAX_EVIDENCE = 100;
    static final int MAX_PROFILE_LIMIT = 1000;
    static final int MAX_NAME_CHARS = 200;
    static final List<String> MODES = List.of("auto", "direct", "split", "chain", "graph", "segtree", "reconstruct");
    static final List<String> NEIGHBOURS = List.of("matching", "all");
    static final List<String> INCLUDES = List.of("episodic", "short_term", "profile");
    static final List<String> RERANKERS = List.of("rrf", "bm25", "embedding");
    static final List<String> SCOPES = List.of("read", "write", "admin");

    /** The body sizes the gateway accepts: searches, profile edits and everything else. */
    static final int MAX_SEARCH_BODY = 1024 * 1024;

    static final int MAX_PROFILE_BODY = 64 * 1024;
    static final int MAX_BODY = 48 * 1024 * 1024;

    /** The earliest and latest instants a stored timestamp may name (years 1 to 9999). */
    static final Instant EARLIEST = Instant.parse("0001-01-01T00:00:00Z");

    static final Instant LATEST = Instant.parse("9999-12-31T23:59:59.999999999Z");

    private Contract() {}

    /** An id. "." and ".." are none: they are the dot segments HTTP removes from a path before routing. */
    static Gen<String> id() {
        return Gen.frequency(
                        Gen.weight(6, idOfLength(Gen.integers(1, 24))), Gen.weight(1, idOfLength(Gen.of(1, MAX_ID))))
                .filter(id -> !isDotSegment(id));
    }

    static boolean isDotSegment(String id) {
        return id.equals(".") || id.equals("..");
    }

    /**
     * Whether a value put into a path (where a session id keeps its '/') holds a dot segment: HTTP resolves it
     * before routing, so "a/../../etc" reaches another resource than the one the value names.
     */
    static boolean hasDotSegment(String value) {
        return Arrays.stream(value.split("/", -1)).anyMatch(Contract::isDotSegment);
    }

    /** Session ids may also hold '/', as in {@code conv-26/session_1}. */
    static Gen<String> sessionId() {
        return Gen.oneOf(
                id(), Gen.of("conv-26/session_1", "a/b/c", "s/1", "x" + "/y".repeat(63), "/leading", "trailing/"));
    }

    private static Gen<String> idOfLength(Gen<Integer> lengths) {
        return lengths.flatMap(length -> Gen.strings(ID_CHARS, length));
    }

    /** A storable instant as ISO-8601 text with an offset, in the spellings ISO-8601 allows. */
    static Gen<String> timestamp() {
        Gen<String> ordinary = Gen.longs(EARLIEST.getEpochSecond() + 86_400, LATEST.getEpochSecond() - 86_400)
                .flatMap(seconds -> Gen.integers(0, 999_999_999)
                        .flatMap(nanos -> Gen.of(0, 3600, -18_000, 50_400, -64_800, 19_800)
                                .flatMap(offset -> Gen.of(
                                                "yyyy-MM-dd'T'HH:mm:ssXXX",
                                                "yyyy-MM-dd'T'HH:mm:ss.SSSXXX",
                                                "yyyy-MM-dd'T'HH:mm:ss.SSSSSSSSSXXX",
                                                "yyyy-MM-dd'T'HH:mmXXX")
                                        .map(pattern -> Instant.ofEpochSecond(seconds, nanos)
                                                .atOffset(ZoneOffset.ofTotalSeconds(offset))
                                                .format(DateTimeFormatter.ofPattern(pattern))))));
        return Gen.frequency(
                Gen.weight(8, ordinary),
                Gen.weight(
                        1,
                        Gen.of(
                                "0001-01-01T00:00:00Z",
                                "9999-12-31T23:59:59.999999999Z",
                                "0001-01-01T01:00:00+01:00",
                                "9999-12-31T22:00:00-01:59",
                                "1970-01-01T00:00:00Z",
                                "2023-05-08T13:56:00Z")));
    }

    /** Stored text: hostile but storable, or exactly at the size limit. */
    static Gen<String> content() {
        return Gen.frequency(
                Gen.weight(12, HostileText.storable()),
                Gen.weight(
                        1,
                        Gen.of(HostileText.ofUtf8Bytes(MAX_CONTENT_BYTES), "a".repeat(MAX_CONTENT_BYTES), "x", "😀")));
    }

    /** A label such as a producer or role: any storable text up to its limit, even empty. */
    static Gen<String> label(int maxChars) {
        return Gen.oneOf(
                Gen.of("Caroline", "assistant", "user", "", "Ünïcødé 😀"),
                HostileText.storable().filter(text -> text.codePointCount(0, text.length()) <= maxChars),
                Gen.just(HostileText.ofCodePoints(maxChars)));
    }

    /** A text that must say something, up to {@code maxChars}; at the limit, also in four-byte characters only. */
    static Gen<String> text(int maxChars) {
        return Gen.oneOf(
                Gen.of("Caroline", "hobbies and interests", "plays the cello", "x"),
                HostileText.storable().filter(text -> text.codePointCount(0, text.length()) <= maxChars),
                Gen.of(HostileText.ofCodePoints(maxChars), "😀".repeat(maxChars)));
    }

    /** A metadata object: string keys and values within their limits, up to the limit of entries. */
    static Gen<Map<String, String>> metadata() {
        Gen<String> keys = Gen.oneOf(
                Gen.of(
                        "dia_id",
                        "k",
                        "ключ",
                        "🔑",
                        "a.b",
                        "with space",
                        HostileText.ofCodePoints(MAX_METADATA_KEY_CHARS)),
                Gen.integers(1, 20).flatMap(length -> Gen.strings(LETTERS, length)));
        Gen<String> values = Gen.oneOf(
                Gen.of("D1:3", "", HostileText.ofCodePoints(MAX_METADATA_VALUE_CHARS)), HostileText.storable());
        return Gen.frequency(
                Gen.weight(10, Gen.maps(keys, values, 0, 4)),
                Gen.weight(1, Gen.maps(keys, values, MAX_METADATA_ENTRIES, MAX_METADATA_ENTRIES)));
    }

    static Gen<String> uuid() {
        return random -> new UUID(random.nextLong(), random.nextLong()).toString();
    }
}
