package dev.engram.e2e.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * A JSON value as the fuzzer builds it. Unlike a JSON library's tree it may say what no encoder would write:
 * members keep their order and may repeat, numbers keep their literal text ({@code 1e400}, {@code -0}), and
 * strings may hold lone surrogates and NUL, which are written as backslash-u escapes.
 */
sealed interface Json {

    /** The value as request body text. */
    default byte[] bytes(boolean escapeNonAscii) {
        StringBuilder text = new StringBuilder();
        write(this, text, escapeNonAscii);
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    default String text() {
        return new String(bytes(false), StandardCharsets.UTF_8);
    }

    record Member(String name, Json value) {}

    record Obj(List<Member> members) implements Json {

        public Obj {
            members = List.copyOf(members);
        }

        Optional<Json> get(String name) {
            for (int i = members.size() - 1; i >= 0; i--) {
                if (members.get(i).name().equals(name)) {
                    return Optional.of(members.get(i).value());
                }
            }
            return Optional.empty();
        }

        Optional<String> string(String name) {
            return get(name).filter(Str.class::isInstance).map(value -> ((Str) value).value());
        }

        Obj with(String name, Json value) {
            List<Member> changed = new ArrayList<>(members);
            changed.removeIf(member -> member.name().equals(name));
            changed.add(new Member(name, value));
            return new Obj(changed);
        }

        Obj without(String name) {
            List<Member> changed = new ArrayList<>(members);
            changed.removeIf(member -> member.name().equals(name));
            return new Obj(changed);
        }
    }

    record Arr(List<Json> items) implements Json {

        public Arr {
            items = List.copyOf(items);
        }
    }

    record Str(String value) implements Json {}

    /** A number as literal text, so that out-of-range and odd spellings survive. */
    record Num(String literal) implements Json {}

    record Bool(boolean value) implements Json {}

    record Null() implements Json {}

    /** Text that is not JSON at all, spliced in where a value belongs. */
    record Raw(String text) implements Json {}

    Null NULL = new Null();

    static Str str(String value) {
        return new Str(value);
    }

    static Num num(long value) {
        return new Num(Long.toString(value));
    }

    static Json strOrNull(String value) {
        return value == null ? NULL : new Str(value);
    }

    static Arr strings(List<String> values) {
        return new Arr(values.stream().map(Json::strOrNull).toList());
    }

    /** An object of the given name/value pairs, leaving out the pairs whose value is null. */
    static Obj obj(Object... namesAndValues) {
        List<Member> members = new ArrayList<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            Object value = namesAndValues[i + 1];
            if (value != null) {
                members.add(new Member((String) namesAndValues[i], (Json) value));
            }
        }
        return new Obj(members);
    }

    /** One step into a value: an object member by name or an array element by index. */
    record Step(String name, int index) {

        static Step member(String name) {
            return new Step(name, -1);
        }

        static Step element(int index) {
            return new Step(null, index);
        }
    }

    /** Every value inside this one, with the path to it, the value itself first (with an empty path). */
    default List<Located> locations() {
        List<Located> found = new ArrayList<>();
        collect(this, List.of(), found);
        return found;
    }

    record Located(List<Step> path, Json value) {

        /** The path in the API's notation: {@code episodes[3].timestamp}; {@code body} for the whole value. */
        String field() {
            return fieldOf(path);
        }
    }

    static String fieldOf(List<Step> path) {
        StringBuilder field = new StringBuilder();
        for (Step step : path) {
            if (step.name() != null) {
                if (!field.isEmpty()) {
                    field.append('.');
                }
                field.append(step.name());
            } else {
                field.append('[').append(step.index()).append(']');
            }
        }
        return field.isEmpty() ? "body" : field.toString();
    }

    /** This value with the value at {@code path} replaced by what {@code change} makes of it. */
    default Json replace(List<Step> path, UnaryOperator<Json> change) {
        if (path.isEmpty()) {
            return change.apply(this);
        }
        Step step = path.get(0);
        List<Step> rest = path.subList(1, path.size());
        if (this instanceof Obj object && step.name() != null) {
            List<Member> members = new ArrayList<>();
            for (Member member : object.members()) {
                members.add(
                        member.name().equals(step.name())
                                ? new Member(member.name(), member.value().replace(rest, change))
                                : member);
            }
            return new Obj(members);
        }
        if (this instanceof Arr array
                && step.name() == null
                && step.index() < array.items().size()) {
            List<Json> items = new ArrayList<>(array.items());
            items.set(step.index(), items.get(step.index()).replace(rest, change));
            return new Arr(items);
        }
        return this;
    }

    private static void collect(Json value, List<Step> path, List<Located> found) {
        found.add(new Located(path, value));
        if (value instanceof Obj object) {
            for (Member member : object.members()) {
                collect(member.value(), append(path, Step.member(member.name())), found);
            }
        } else if (value instanceof Arr array) {
            for (int i = 0; i < array.items().size(); i++) {
                collect(array.items().get(i), append(path, Step.element(i)), found);
            }
        }
    }

    private static List<Step> append(List<Step> path, Step step) {
        List<Step> longer = new ArrayList<>(path);
        longer.add(step);
        return List.copyOf(longer);
    }

    private static void write(Json value, StringBuilder out, boolean escapeNonAscii) {
        if (value instanceof Obj object) {
            out.append('{');
            for (int i = 0; i < object.members().size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                writeString(object.members().get(i).name(), out, escapeNonAscii);
                out.append(':');
                write(object.members().get(i).value(), out, escapeNonAscii);
            }
            out.append('}');
        } else if (value instanceof Arr array) {
            out.append('[');
            for (int i = 0; i < array.items().size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                write(array.items().get(i), out, escapeNonAscii);
            }
            out.append(']');
        } else if (value instanceof Str string) {
            writeString(string.value(), out, escapeNonAscii);
        } else if (value instanceof Num number) {
            out.append(number.literal());
        } else if (value instanceof Bool bool) {
            out.append(bool.value());
        } else if (value instanceof Raw raw) {
            out.append(raw.text());
        } else {
            out.append("null");
        }
    }

    /** Lone surrogates cannot be encoded as UTF-8, so they always travel as escapes, as a JSON client would send them. */
    private static void writeString(String value, StringBuilder out, boolean escapeNonAscii) {
        out.append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            boolean pair = Character.isHighSurrogate(c)
                    && i + 1 < value.length()
                    && Character.isLowSurrogate(value.charAt(i + 1));
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20 || (c > 0x7e && escapeNonAscii) || (Character.isSurrogate(c) && !pair)) {
                out.append(String.format("\\u%04x", (int) c));
            } else if (pair) {
                out.append(c).append(value.charAt(++i));
            } else {
                out.append(c);
            }
        }
        out.append('"');
    }
}
