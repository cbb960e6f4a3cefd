package dev.engram.e2e.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * What the contract says one value of a request must be, with values that keep the rule, values that break
 * it (a request holding one must be refused, naming the value's field) and values that are odd but lawful
 * (the request may be accepted or refused, never fail).
 */
interface Shape {

    /** A value that breaks the rule, with the reason for the report. */
    record Bad(String why, Json value) {}

    Gen<Json> valid();

    Gen<Bad> invalid();

    /** Odd values whose fate the contract leaves open; by default none beyond the valid ones. */
    default Gen<Json> odd() {
        return valid();
    }

    /** Values that break the rule and can travel as text, in a path or a query parameter. */
    default Gen<Bad> invalidText() {
        return invalid().filter(bad -> bad.value() instanceof Json.Str);
    }

    default Gen<Json> oddText() {
        return odd().filter(value -> value instanceof Json.Str);
    }

    /** Values of other JSON types than {@code expected} (string, number, boolean, array or object). */
    static Gen<Bad> wrongTypes(String expected) {
        Map<String, List<Json>> byType = new LinkedHashMap<>();
        byType.put("string", List.of(Json.str("x")));
        byType.put("number", List.of(Json.num(42), new Json.Num("1.5")));
        byType.put("boolean", List.of(new Json.Bool(true)));
        byType.put("array", List.of(new Json.Arr(List.of(Json.str("a"))), new Json.Arr(List.of())));
        byType.put("object", List.of(Json.obj("a", Json.str("b")), Json.obj()));
        List<Bad> values = new ArrayList<>();
        byType.forEach((type, examples) -> {
            if (!type.equals(expected)) {
                examples.forEach(example -> values.add(new Bad("a " + type + " instead of a " + expected, example)));
            }
        });
        return Gen.of(values);
    }

    // ----------------------------------------------------------------------------------------------- shapes

    /**
     * An id: 1 to 128 characters of {@code A-Z a-z 0-9 . _ : @ -}, and '/' for session ids, other than "." and "..". Valid values come from
     * {@code pool} when given, so that what a request stores is stored under ids the fuzzer watches.
     */
    static Shape id(Supplier<List<String>> pool, boolean session) {
        return new Shape() {
            @Override
            public Gen<Json> valid() {
                Gen<String> free = session ? Contract.sessionId() : Contract.id();
                return (pool == null ? free : Gen.of(pool.get())).map(Json::str);
            }

            @Override
            public Gen<Bad> invalid() {
                Gen<Bad> texts = Gen.of(
                                "",
                                "x".repeat(Contract.MAX_ID + 1),
                                "a".repeat(5000),
                                "caro line",
                                "é",
                                "emoji😀",
                                "a#b",
                                "a?b",
                                "a%b",
                                "a+b",
                                "a\\b",
                                "a,b",
                                "\u202Eabc",
                                "a\u0301",
                                "tab\t",
                                ".",
                                "..",
                                session ? "a b/c" : "a/b")
                        .map(text -> new Bad("not an id", Json.str(text)));
                Gen<Bad> unstorable = HostileText.unstorable().map(text -> new Bad("unstorable", Json.str(text)));
                return Gen.frequency(
                        Gen.weight(6, texts), Gen.weight(2, unstorable), Gen.weight(2, wrongTypes("string")));
            }

            @Override
            public Gen<Json> odd() {
                return Gen.oneOf(
                        valid(),
                        Contract.id().map(Json::str),
                        Gen.of("...", ".a", "a.").map(Json::str));
            }
        };
    }

    /** A text that must say something (when {@code nonBlank}), at most {@code max} UTF-8 bytes or code points. */
    static Shape text(int max, boolean bytes, boolean nonBlank, Gen<String> valid) {
        return new Shape() {
            @Override
            public Gen<Json> valid() {
                return valid.filter(text -> (!nonBlank || !text.isBlank()) && size(text) <= max)
                        .map(Json::str);
            }

            private long size(String text) {
                return bytes ? text.getBytes(StandardCharsets.UTF_8).length : text.codePointCount(0, text.length());
            }

            @Override
            public Gen<Bad> invalid() {
                String over = bytes ? HostileText.ofUtf8Bytes(max + 1) : HostileText.ofCodePoints(max + 1);
                String farOver = bytes ? "€".repeat(max) : "a".repeat(max * 4);
                List<Gen.Weighted<Bad>> choices = new ArrayList<>();
                choices.add(Gen.weight(3, Gen.of(over, farOver).map(text -> new Bad("too long", Json.str(text)))));
                choices.add(Gen.weight(3, HostileText.unstorable().map(text -> new Bad("unstorable", Json.str(text)))));
                choices.add(Gen.weight(2, wrongTypes("string")));
                if (nonBlank) {
                    choices.add(Gen.weight(2, HostileText.blank().map(text -> new Bad("blank", Json.str(text)))));
                }
                return Gen.frequency(choices);
            }

            @Override
            public Gen<Json> odd() {
                return HostileText.storable().filter(text -> size(text) <= max).map(Json::str);
            }
        };
    }

    /** A whole number from {@code min} to {@code max}. */
    static Shape integer(int min, int max) {
        return new Shape() {
            @Override
            public Gen<Json> valid() {
                return Gen.integers(min, max).map(value -> Json.num(value));
            }

            @Override
            public Gen<Bad> invalid() {
                Gen<Bad> outOfRange = Gen.of(
                                Long.toString(min - 1L),
                                Long.toString(max + 1L),
                                "-1",
                                "2147483648",
                                "9223372036854775808",
                                "-99999999999999999999",
                                "1e400",
                                "1.5",
                                "1.0",
                                "1E1")
                        .filter(literal -> !literal.equals("-1") || min > -1)
                        .map(literal -> new Bad("not an integer in range", new Json.Num(literal)));
                return Gen.oneOf(
                        outOfRange,
                        wrongTypes("number"),
                        Gen.of("5", "", "1e3").map(text -> new Bad("a string", Json.str(text))));
            }

            @Override
            public Gen<Bad> invalidText() {
                return Gen.of(
                                Long.toString(min - 1L),
                                Long.toString(max + 1L),
                                "abc",
                                "1.5",
                                "",
                                " 5",
                                "5 ",
                                "0x10",
                                "1e3",
                                "99999999999",
                                "\u0000",
                                "5\uD800")
                        .map(text -> new Bad("not an integer in range", Json.str(text)));
            }

            @Override
            public Gen<Json> oddText() {
                return Gen.of("+5", "٣", "007", Integer.toString(min), Integer.toString(max))
                        .map(Json::str);
            }
        };
    }

    /** A number greater than {@code 0} and at most {@code 1}, kept exactly through a 32-bit float. */
    static Shape fraction() {
        return new Shape() {
            @Override
            public Gen<Json> valid() {
                return Gen.of("1", "1.0", "0.5", "0.001", "1e-30", "0.9999999").map(Json.Num::new);
            }

            @Override
            public Gen<Bad> invalid() {
                return Gen.oneOf(
                        Gen.of("0", "-0", "-0.1", "1.0000001", "2", "1e-50", "1e400", "-1e400")
                                .map(literal -> new Bad("not in (0, 1]", new Json.Num(literal))),
                        wrongTypes("number"));
            }
        };
    }

    /** One of a fixed set of words. */
    static Shape oneOf(List<String> values) {
        return new Shape() {
            @Override
            public Gen<Json> valid() {
                return Gen.of(values).map(Json::str);
            }

            @Override
            public Gen<Bad> invalid() {
                return Gen.oneOf(
                        Gen.of(
                                        values.get(0).toUpperCase(Locale.ROOT),
                                        " " + values.get(0),
                                        "",
                                        "unknown",
                                        values.get(0) + "\u0000",
                                        values.get(0) + "\u0301")
                                .map(text -> new Bad("not one of " + values, Json.str(text))),
                        wrongTypes("string"));
            }
        };
    }

    /** An ISO-8601 timestamp with offset; {@code storable} ones must also lie between the years 1 and 9999. */
    static Shape timestamp(boolean storable) {
        return new Shape() {
            @Override
            public Gen<Json> valid() {
                return Contract.timestamp().map(Json::str);
            }

            @Override
            public Gen<Bad> invalid() {
                List<String> texts = new ArrayList<>(List.of(
                        "yesterday",
                        "2023-05-08",
                        "2023-05-08T13:56:00",
                        "2023-13-01T00:00:00Z",
                        "2023-02-30T00:00:00Z",
                        "2023-05-08 13:56:00Z",
                        "2023-05-08T25:00:00Z",
                        "2023-05-08T13:56:00+25:00",
                        "",
                        "2023-05-08T13:56:00Z\u0000"));
                if (storable) {
                    texts.addAll(List.of(
                            "0000-12-31T23:59:59Z",
                            "+10000-01-01T00:00:00Z",
                            "-0001-01-01T00:00:00Z",
                            "0001-01-01T00:00:00+00:01",
                            "+999999999-12-31T23:59:59Z",
                            "-999999999-01-01T00:00:00+18:00"));
                }
                return Gen.oneOf(
                        Gen.of(texts).map(text -> new Bad("not a timestamp", Json.str(text))), wrongTypes("string"));
            }

            @Override
            public Gen<Json> odd() {
                return Gen.of(
                                "+10000-01-01T00:00:00Z",
                                "0000-01-01T00:00:00Z",
                                "-0001-01-01T00:00:00Z",
                                "+999999999-12-31T23:59:59.999999999-18:00",
                                "-999999999-01-01T00:00:00+18:00",
                                "2023-05-08t13:56:00z")
                        .map(Json::str);
            }
        };
    }

    /** A UUID in its canonical text form; valid values come from {@code pool} when given. */
    static Shape uuid(Supplier<List<String>> pool) {
        return new Shape() {
            @Override
            public Gen<Json> valid() {
                return (pool == null || pool.get().isEmpty() ? Contract.uuid() : Gen.of(pool.get())).map(Json::str);
            }

            @Override
            public Gen<Bad> invalid() {
                return Gen.of(
                                "1-2-3-4-5",
                                "not-a-uuid",
                                "{3f2b8c1e-5d4a-4f6b-9c7d-2e1f0a9b8c7d}",
                                "3f2b8c1e5d4a4f6b9c7d2e1f0a9b8c7d",
                                "3f2b8c1e-5d4a-4f6b-9c7d-2e1f0a9b8c7",
                                "3f2b8c1e-5d4a-4f6b-9c7d-2e1f0a9b8c7dd",
                                "3f2b8c1e-5d4a-4f6b-9c7d-2e1f0a9b8c7\u0000",
                                "3f2b8c1e-5d4a-4f6b-9c7d-2e1f0a9b8c7\uD800",
                                "ｆ2b8c1e-5d4a-4f6b-9c7d-2e1f0a9b8c7d")
                        .map(text -> new Bad("not a UUID", Json.str(text)));
            }

            @Override
            public Gen<Json> odd() {
                return Contract.uuid().map(uuid -> Json.str(uuid.toUpperCase(Locale.ROOT)));
            }
        };
    }

    /** An object of string values: at most 64 entries, keys of 1 to 128 characters, values of at most 2048. */
    static Shape stringMap() {
        return new Shape() {
            @Override
            public Gen<Json> valid() {
                return Contract.metadata().map(Shape::mapJson);
            }

            @Override
            public Gen<Bad> invalid() {
                return Gen.oneOf(
                        Gen.of(
                                new Bad("too many entries", mapJson(entries(Contract.MAX_METADATA_ENTRIES + 1))),
                                new Bad("an empty key", Json.obj("", Json.str("v"))),
                                new Bad(
                                        "a key too long",
                                        Json.obj("k".repeat(Contract.MAX_METADATA_KEY_CHARS + 1), Json.str("v"))),
                                new Bad(
                                        "a value too long",
                                        Json.obj("k", Json.str("v".repeat(Contract.MAX_METADATA_VALUE_CHARS + 1)))),
                                new Bad("a null value", Json.obj("k", Json.NULL)),
                                new Bad("a number value", Json.obj("k", Json.num(1))),
                                new Bad("an object value", Json.obj("k", Json.obj("a", Json.str("b")))),
                                new Bad("an array value", Json.obj("k", new Json.Arr(List.of())))),
                        HostileText.unstorable()
                                .map(text -> new Bad("an unstorable key", Json.obj(text, Json.str("v")))),
                        HostileText.unstorable()
                                .map(text -> new Bad("an unstorable value", Json.obj("k", Json.str(text)))),
                        wrongTypes("object"));
            }

            private static Map<String, String> entries(int count) {
                Map<String, String> map = new LinkedHashMap<>();
                for (int i = 0; i < count; i++) {
                    map.put("k" + i, "v");
                }
                return map;
            }
        };
    }

    private static Json mapJson(Map<String, String> map) {
        List<Json.Member> members = new ArrayList<>();
        map.forEach((key, value) -> members.add(new Json.Member(key, Json.str(value))));
        return new Json.Obj(members);
    }

    /** An array of {@code element}s with a size from {@code sizes}; at most {@code max}, at least {@code min}. */
    static ArrayShape array(Shape element, int min, int max, Gen<Integer> sizes) {
        return new ArrayShape(element, min, max, sizes, null);
    }

    /** An array of distinct words from {@code values}, at least one. */
    static ArrayShape distinct(List<String> values) {
        Gen<Json> valid = Gen.subset(values, 1).map(Json::strings);
        return new ArrayShape(oneOf(values), 1, values.size(), null, valid);
    }

    /** @param items valid arrays, when they are more than items of {@code sizes} (then null) */
    record ArrayShape(Shape element, int min, int max, Gen<Integer> sizes, Gen<Json> items) implements Shape {

        @Override
        public Gen<Json> valid() {
            if (items != null) {
                return items;
            }
            return sizes.flatMap(size -> element.valid().list(size, size)).map(Json.Arr::new);
        }

        @Override
        public Gen<Bad> invalid() {
            List<Gen.Weighted<Bad>> choices = new ArrayList<>();
            if (max < 2000) {
                choices.add(Gen.weight(
                        2,
                        element.valid()
                                .list(max + 1, max + 1)
                                .map(items -> new Bad("too many items", new Json.Arr(items)))));
            }
            if (min > 0) {
                choices.add(Gen.weight(2, Gen.just(new Bad("too few items", new Json.Arr(List.of())))));
            }
            choices.add(Gen.weight(
                    2, element.valid().list(0, Math.min(3, max - 1)).map(items -> {
                        List<Json> withNull = new ArrayList<>(items);
                        withNull.add(Json.NULL);
                        return new Bad("a null item", new Json.Arr(withNull));
                    })));
            choices.add(Gen.weight(
                    3,
                    element.invalid().map(bad -> new Bad("an item " + bad.why(), new Json.Arr(List.of(bad.value()))))));
            choices.add(Gen.weight(1, wrongTypes("array")));
            return Gen.frequency(choices);
        }
    }

    /** A member of an object. */
    record Field(String name, Shape shape, boolean required) {

        static Field required(String name, Shape shape) {
            return new Field(name, shape, true);
        }

        static Field optional(String name, Shape shape) {
            return new Field(name, shape, false);
        }
    }

    /**
     * An object of the given fields; a field it does not list is refused. {@code presence} is how often an
     * optional field is given in a valid value.
     */
    static ObjectShape object(double presence, Field... fields) {
        return new ObjectShape(List.of(fields), presence);
    }

    record ObjectShape(List<Field> fields, double presence) implements Shape {

        @Override
        public Gen<Json> valid() {
            List<Gen<Json.Member>> members = new ArrayList<>();
            for (Field field : fields) {
                Gen<Json.Member> member = field.shape().valid().map(value -> new Json.Member(field.name(), value));
                members.add(field.required() ? member : member.orNull(1 - presence));
            }
            return Gen.all(members)
                    .map(list ->
                            new Json.Obj(list.stream().filter(Objects::nonNull).toList()));
        }

        @Override
        public Gen<Bad> invalid() {
            List<Gen.Weighted<Bad>> choices = new ArrayList<>();
            // Unknown fields are a mutation of their own, which names the field it adds.
            choices.add(Gen.weight(1, wrongTypes("object")));
            return Gen.frequency(choices);
        }

        Field field(String name) {
            return fields.stream()
                    .filter(field -> field.name().equals(name))
                    .findFirst()
                    .orElseThrow();
        }
    }
}
