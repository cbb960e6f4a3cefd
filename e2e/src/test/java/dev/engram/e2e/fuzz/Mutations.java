package dev.engram.e2e.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Turns a valid request into a hostile one, one change at a time, so that a refusal can be checked for naming
 * the field that was changed: a body value of the wrong type, out of range, oversized or of odd Unicode, a
 * missing or an extra field, deep nesting, a body that is no longer JSON, a wrong media type, odd path and
 * query parameters, and missing, invalid or insufficient keys.
 */
final class Mutations {

    private static final List<String> EXTRA_FIELD_NAMES = List.of(
            "unknown_field", "USER_ID", "user_id ", "", "__proto__", "😀", "a\uD800", "x".repeat(10_000), "$ref");

    private static final List<String> NOT_JSON = List.of(
            "",
            "null",
            "[]",
            "\"text\"",
            "123",
            "true",
            "{",
            "}",
            "{'user_id':'a'}",
            "{user_id:\"a\"}",
            "{\"a\":NaN}",
            "/* comment */ {}",
            "{\"a\":1,}",
            "user_id=a&query=b",
            "<request><user_id>a</user_id></request>",
            "\u0000",
            "{\"a\":\"\\x41\"}",
            "{\"a\":\"\\uZZZZ\"}",
            "{\"a\":\"\\ud800\"",
            "{\"a\":01}");

    private static final List<byte[]> BAD_UTF8 = List.of(
            new byte[] {(byte) 0xFF},
            new byte[] {(byte) 0xC3, 0x28},
            new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
            new byte[] {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
            new byte[] {(byte) 0xE2, (byte) 0x82});

    private static final List<String> NOT_JSON_TYPES = List.of(
            "text/plain",
            "application/xml",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
            "application/octet-stream",
            "image/png");

    private static final List<String> ODD_JSON_TYPES = List.of(
            "application/json; charset=utf-8",
            "APPLICATION/JSON",
            "application/json;charset=UTF-16",
            "application/json; charset=iso-8859-1",
            "application/problem+json",
            "application/vnd.engram+json",
            "json",
            "application/json; charset=\"",
            "");

    private static final List<String> ODD_ACCEPTS =
            List.of("text/html", "application/xml", "image/png", "application/json;q=0", "text/plain, */*;q=0.1");

    private static final List<String> BAD_KEYS = List.of(
            "Bearer",
            "Bearer ",
            "Bearer x",
            "Bearer egk_0123456789abcdef_" + "A".repeat(43),
            "Bearer egk_0123456789ABCDEF_" + "A".repeat(43),
            "Bearer egk_" + "z".repeat(60),
            "Bearer " + "k".repeat(3000),
            "Basic dXNlcjpwYXNzd29yZA==",
            "egk_0123456789abcdef_" + "A".repeat(43),
            "Bearer egk_0123456789abcdef_" + "A".repeat(42) + "%");

    private static final List<String> BROKEN_ESCAPES =
            List.of("%", "%zz", "%E2%82", "%C0%AF", "%00", "%FF", "%2", "%%");

    private final Keys keys;
    private final Map<String, Set<String>> methodsByPath;

    /** {@code methodsByPath}: the methods each path of the API answers, so that a changed method hits none. */
    Mutations(Keys keys, Map<String, Set<String>> methodsByPath) {
        this.keys = keys;
        this.methodsByPath = methodsByPath;
    }

    /** One hostile variant of the valid request {@code valid} of {@code endpoint}. */
    Gen<Case> of(Endpoint endpoint, Request valid) {
        List<Gen.Weighted<Case>> choices = new ArrayList<>();
        if (endpoint.body() != null && valid.jsonObject().isPresent()) {
            choices.add(Gen.weight(40, bodyValue(endpoint, valid)));
            choices.add(Gen.weight(8, bodyText(endpoint, valid)));
            choices.add(Gen.weight(4, deepNesting(valid)));
            choices.add(Gen.weight(4, contentType(valid)));
            choices.add(Gen.weight(3, oversized(endpoint, valid)));
        } else if (!endpoint.mutates()) {
            choices.add(Gen.weight(
                    2, Gen.just(Case.odd(valid.json(Json.obj("a", Json.str("b"))), "a body on a GET", null))));
        }
        if (!endpoint.query().isEmpty()) {
            choices.add(Gen.weight(20, queryParam(endpoint, valid)));
        }
        choices.add(Gen.weight(
                3, Gen.just(Case.odd(valid.queryParam("unexpected", "x"), "an unknown query parameter", null))));
        if (!endpoint.pathParams().isEmpty()) {
            choices.add(Gen.weight(15, pathParam(endpoint, valid)));
        }
        choices.add(Gen.weight(4, brokenTarget(endpoint, valid)));
        choices.add(Gen.weight(8, key(endpoint, valid)));
        choices.add(Gen.weight(2, accept(valid)));
        choices.add(Gen.weight(2, method(endpoint, valid)));
        return Gen.frequency(choices);
    }

    // ------------------------------------------------------------------------------------------------- body

    /** A place in the body a value can be changed at: a field that is there, or an optional one that is not. */
    private record Site(List<Json.Step> path, Shape shape, boolean required, boolean present) {

        String field() {
            return Json.fieldOf(path);
        }
    }

    private static List<Site> sites(Shape shape, Json value, List<Json.Step> path, boolean required) {
        List<Site> sites = new ArrayList<>();
        sites.add(new Site(path, shape, required, value != null));
        if (shape instanceof Shape.ObjectShape object && value instanceof Json.Obj members) {
            for (Shape.Field field : object.fields()) {
                sites.addAll(sites(
                        field.shape(),
                        members.get(field.name()).orElse(null),
                        append(path, Json.Step.member(field.name())),
                        field.required()));
            }
        } else if (shape instanceof Shape.ArrayShape array && value instanceof Json.Arr items) {
            for (int i = 0; i < Math.min(3, items.items().size()); i++) {
                sites.addAll(sites(array.element(), items.items().get(i), append(path, Json.Step.element(i)), true));
            }
        }
        return sites;
    }

    private Gen<Case> bodyValue(Endpoint endpoint, Request valid) {
        List<Site> sites = sites(endpoint.body(), valid.jsonObject().orElseThrow(), List.of(), true);
        return Gen.of(sites).flatMap(site -> atSite(endpoint, valid, site));
    }

    private Gen<Case> atSite(Endpoint endpoint, Request valid, Site site) {
        Json body = valid.body().json();
        String field = site.field();
        List<Gen.Weighted<Case>> choices = new ArrayList<>();
        choices.add(Gen.weight(
                6,
                site.shape()
                        .invalid()
                        .map(bad -> Case.invalid(
                                valid.json(set(body, site.path(), bad.value())), field + ": " + bad.why(), field))));
        choices.add(Gen.weight(
                2,
                site.shape()
                        .odd()
                        .map(odd -> Case.odd(valid.json(set(body, site.path(), odd)), field + ": odd value", field))));
        if (!site.path().isEmpty()) {
            Json removed = remove(body, site.path());
            Json nulled = set(body, site.path(), Json.NULL);
            boolean item = site.path().get(site.path().size() - 1).name() == null;
            if (item) {
                // One item fewer is a shorter array, which the array's own size rule judges.
                choices.add(Gen.weight(1, Gen.just(Case.odd(valid.json(removed), field + ": left out", field))));
                choices.add(Gen.weight(1, Gen.just(Case.invalid(valid.json(nulled), field + ": null", field))));
            } else if (site.required()) {
                choices.add(Gen.weight(2, Gen.just(Case.invalid(valid.json(removed), field + ": missing", field))));
                choices.add(Gen.weight(1, Gen.just(Case.invalid(valid.json(nulled), field + ": null", field))));
            } else {
                choices.add(Gen.weight(1, Gen.just(Case.odd(valid.json(removed), field + ": left out", field))));
                choices.add(Gen.weight(1, Gen.just(Case.odd(valid.json(nulled), field + ": null", field))));
            }
        }
        if (site.shape() instanceof Shape.ObjectShape && site.present()) {
            choices.add(Gen.weight(2, Gen.of(EXTRA_FIELD_NAMES).map(name -> {
                Json changed = body.replace(site.path(), value -> ((Json.Obj) value).with(name, Json.str("extra")));
                String extra = site.path().isEmpty() ? name : field + "." + name;
                return Case.invalid(valid.json(changed), "an unknown field in " + field, extra);
            })));
            choices.add(Gen.weight(1, duplicateMember(valid, site)));
        }
        return Gen.frequency(choices);
    }

    /** A member given twice, the odd value first: a reader that keeps the last sees the valid request. */
    private Gen<Case> duplicateMember(Request valid, Site site) {
        Json body = valid.body().json();
        return Gen.just(body.replace(site.path(), value -> {
                    Json.Obj object = (Json.Obj) value;
                    if (object.members().isEmpty()) {
                        return object;
                    }
                    Json.Member first = object.members().get(0);
                    List<Json.Member> members = new ArrayList<>();
                    members.add(new Json.Member(first.name(), Json.str("\uD800 odd")));
                    members.addAll(object.members());
                    return new Json.Obj(members);
                }))
                .map(changed -> Case.odd(valid.json(changed), "a member of " + site.field() + " given twice", null));
    }

    /** Bytes that are not the JSON of the request any more, or the same JSON written differently. */
    private Gen<Case> bodyText(Endpoint endpoint, Request valid) {
        Json body = valid.body().json();
        byte[] bytes = body.bytes(false);
        boolean bodyOptional = endpoint.body().fields().stream().noneMatch(Shape.Field::required);
        return Gen.oneOf(
                Gen.integers(bodyOptional ? 1 : 0, Math.max(1, bytes.length - 1))
                        .map(cut -> Case.invalid(
                                raw(valid, Arrays.copyOf(bytes, cut)), "the body cut at byte " + cut, null)),
                Gen.of(" x", "}", "{}", ",", " null", "\u0000")
                        .map(tail -> Case.invalid(
                                raw(valid, concat(bytes, tail.getBytes(StandardCharsets.UTF_8))),
                                "something after the JSON",
                                null)),
                Gen.of(NOT_JSON).map(text -> {
                    Request changed = raw(valid, text.getBytes(StandardCharsets.UTF_8));
                    String what = "a body that is not the object: " + text;
                    // An endpoint whose fields are all optional reads a missing body as an empty request.
                    return bodyOptional && (text.isEmpty() || text.equals("null"))
                            ? Case.odd(changed, what, null)
                            : Case.invalid(changed, what, null);
                }),
                Gen.of(BAD_UTF8)
                        .map(bad -> Case.invalid(raw(valid, badUtf8(body, bad)), "invalid UTF-8 in a string", null)),
                // Jackson reads the overlong form C0 AF as '/', so the gateway accepts it: odd, not refused.
                Gen.just(Case.odd(
                        raw(valid, badUtf8(body, new byte[] {(byte) 0xC0, (byte) 0xAF})),
                        "an overlong UTF-8 form in a string",
                        null)),
                Gen.just(Case.odd(
                        valid.withBody(new Request.Body(body, null, true)), "every non-ASCII character escaped", null)),
                Gen.just(Case.odd(
                        valid.withBody(new Request.Body(
                                body, concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, bytes), false)),
                        "a byte order mark before the JSON",
                        null)),
                Gen.just(Case.odd(
                        valid.withBody(new Request.Body(
                                body, (" \n\t" + body.text() + "\r\n ").getBytes(StandardCharsets.UTF_8), false)),
                        "whitespace around the JSON",
                        null)));
    }

    private static byte[] badUtf8(Json body, byte[] bad) {
        String marker = "\u0007marker\u0007";
        Json marked = body;
        for (Json.Located located : body.locations()) {
            if (located.value() instanceof Json.Str) {
                marked = body.replace(located.path(), value -> Json.str(marker));
                break;
            }
        }
        byte[] text = marked.bytes(false);
        byte[] escapedMarker = "\\u0007marker\\u0007".getBytes(StandardCharsets.UTF_8);
        int at = indexOf(text, escapedMarker);
        if (at < 0) {
            return concat(bad, text);
        }
        return concat(
                concat(Arrays.copyOf(text, at), bad), Arrays.copyOfRange(text, at + escapedMarker.length, text.length));
    }

    /** Arrays or objects nested far deeper than any request needs, in place of a field. */
    private Gen<Case> deepNesting(Request valid) {
        Json body = valid.body().json();
        List<Json.Located> located = body.locations().stream()
                .filter(place -> !place.path().isEmpty())
                .toList();
        Gen<Case> inExtraField = Gen.of(999, 1001, 100_000)
                .map(depth -> Case.odd(
                        valid.json(((Json.Obj) body).with("deep", new Json.Raw("[".repeat(depth) + "]".repeat(depth)))),
                        "an unknown field nested " + depth + " deep",
                        "deep"));
        return located.isEmpty() ? inExtraField : Gen.oneOf(inExtraField, knownFieldsNested(valid, body, located));
    }

    private static Gen<Case> knownFieldsNested(Request valid, Json body, List<Json.Located> located) {
        return Gen.of(located)
                .flatMap(place -> Gen.of(64, 999, 1001, 5000, 100_000)
                        .flatMap(depth -> Gen.of(true, false).map(arrays -> {
                            String open = arrays ? "[" : "{\"a\":";
                            String close = arrays ? "]" : "}";
                            Json nested = new Json.Raw(open.repeat(depth) + "1" + close.repeat(depth));
                            return Case.invalid(
                                    valid.json(body.replace(place.path(), value -> nested)),
                                    place.field() + ": " + (arrays ? "arrays" : "objects") + " nested " + depth
                                            + " deep",
                                    place.field());
                        })));
    }

    private Gen<Case> contentType(Request valid) {
        return Gen.oneOf(
                Gen.of(NOT_JSON_TYPES)
                        .map(type -> Case.exactly(valid.withContentType(type), "content type " + type, 415)),
                Gen.just(Case.odd(valid.withContentType(null), "no content type", null)),
                Gen.of(ODD_JSON_TYPES)
                        .map(type -> Case.odd(valid.withContentType(type), "content type " + type, null)));
    }

    /**
     * Bodies over the endpoint's limit: claimed by Content-Length, or actually sent, with a length or in chunks
     * (small limits only); and the valid body in chunks, which must be read like any other.
     */
    private Gen<Case> oversized(Endpoint endpoint, Request valid) {
        long limit = endpoint.bodyLimit();
        Gen<Case> claimed = Gen.of(limit + 1, 10 * limit, Long.MAX_VALUE / 2)
                .map(length -> Case.exactly(valid.withDeclaredLength(length), "Content-Length " + length, 413));
        Gen<Case> inChunks = Gen.just(Case.odd(valid.withDeclaredLength(Request.CHUNKED), "the body in chunks", null));
        if (limit > Contract.MAX_SEARCH_BODY) {
            return Gen.oneOf(claimed, inChunks);
        }
        Json.Obj body = valid.jsonObject().orElseThrow();
        Request padded = valid.json(body.with("padding", Json.str("p".repeat((int) limit))));
        return Gen.oneOf(
                claimed,
                inChunks,
                Gen.just(Case.exactly(padded, "a body of " + (limit + 16) + "+ bytes", 413)),
                Gen.just(Case.exactly(
                        padded.withDeclaredLength(Request.CHUNKED),
                        "a body of " + (limit + 16) + "+ bytes in chunks",
                        413)));
    }

    // ---------------------------------------------------------------------------------------- path and query

    private Gen<Case> queryParam(Endpoint endpoint, Request valid) {
        return Gen.of(endpoint.query()).flatMap(param -> {
            String name = param.name();
            List<Request.Param> others = valid.query().stream()
                    .filter(given -> !given.name().equals(name))
                    .toList();
            List<Gen.Weighted<Case>> choices = new ArrayList<>();
            choices.add(Gen.weight(6, param.shape().invalidText().map(bad -> {
                Request changed = valid.withQuery(plus(others, new Request.Param(name, text(bad.value()))));
                // Quarkus REST reads an empty query parameter as an absent one, and the bytes of a lone
                // surrogate (no UTF-8 can hold one) as replacement characters, which a text may hold.
                return (text(bad.value()).isEmpty() && !param.required()) || hasLoneSurrogate(text(bad.value()))
                        ? Case.odd(changed, name + ": " + bad.why(), name)
                        : Case.invalid(changed, name + ": " + bad.why(), name);
            })));
            choices.add(Gen.weight(
                    2,
                    param.shape()
                            .oddText()
                            .map(odd -> Case.odd(
                                    valid.withQuery(plus(others, new Request.Param(name, text(odd)))),
                                    name + ": odd value",
                                    name))));
            Request without = valid.withQuery(others);
            Request bare = valid.withQuery(plus(others, new Request.Param(name, null)));
            Request empty = valid.withQuery(plus(others, new Request.Param(name, "")));
            if (param.required()) {
                choices.add(Gen.weight(2, Gen.just(Case.invalid(without, name + ": missing", name))));
                choices.add(Gen.weight(1, Gen.just(Case.invalid(bare, name + ": a bare name", name))));
                choices.add(Gen.weight(1, Gen.just(Case.invalid(empty, name + ": empty", name))));
            } else {
                choices.add(Gen.weight(1, Gen.just(Case.odd(bare, name + ": a bare name", name))));
                choices.add(Gen.weight(1, Gen.just(Case.odd(empty, name + ": empty", name))));
            }
            choices.add(Gen.weight(
                    1,
                    param.shape()
                            .invalidText()
                            .map(bad -> Case.odd(
                                    valid.queryParam(name, text(bad.value())),
                                    name + ": given twice, the second time " + bad.why(),
                                    name))));
            return Gen.frequency(choices);
        });
    }

    private Gen<Case> pathParam(Endpoint endpoint, Request valid) {
        // Dot segments are removed before routing, so the request may reach another route: only for reads.
        List<String> asWritten = endpoint.mutates()
                ? List.of("%2F", "a%2Fb", "%20")
                : List.of("%2F", "%2e%2e", "..", ".", "a%2Fb", "%20");
        return Gen.of(endpoint.pathParams()).flatMap(param -> {
            String name = param.name();
            return Gen.frequency(
                    Gen.weight(
                            6,
                            param.shape().invalidText().map(bad -> inPath(valid, name, text(bad.value()), bad.why()))),
                    Gen.weight(
                            1,
                            Gen.just(Case.exactly(
                                    valid.pathParam(name, "a".repeat(20_000)),
                                    name + ": a request line over 16 KiB",
                                    414))),
                    Gen.weight(2, param.shape().oddText().map(odd -> oddInPath(valid, name, text(odd)))),
                    Gen.weight(
                            1,
                            Gen.of(asWritten)
                                    .map(raw -> Case.odd(
                                                    valid.withRawTarget(valid.pathParam(name, "RAW")
                                                            .target()
                                                            .replace("RAW", raw)),
                                                    name + ": " + raw + " as written",
                                                    name)
                                            .rerouted())));
        });
    }

    /**
     * A path parameter that breaks its rule. An empty one, or one holding a dot segment, changes the path itself and
     * may reach another route; a lone surrogate arrives as replacement characters: both may be answered as
     * anything but a server error.
     */
    private static Case inPath(Request valid, String name, String value, String why) {
        Request changed = valid.pathParam(name, value);
        if (value.isEmpty() || Contract.hasDotSegment(value)) {
            return Case.odd(changed, name + ": " + why, name).rerouted();
        }
        if (hasLoneSurrogate(value)) {
            return Case.odd(changed, name + ": " + why, name);
        }
        return Case.invalid(changed, name + ": " + why, name);
    }

    /**
     * An odd path parameter; only a dot segment "." or ".." in it (or nothing) may take the request to another
     * route. "..." is an id like any other.
     */
    private static Case oddInPath(Request valid, String name, String value) {
        Case odd = Case.odd(valid.pathParam(name, value), name + ": odd value", name);
        return value.isEmpty() || Contract.hasDotSegment(value) ? odd.rerouted() : odd;
    }

    private static boolean hasLoneSurrogate(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return true;
            }
        }
        return false;
    }

    /** Escapes no decoder can read, where a parameter's value belongs. */
    private Gen<Case> brokenTarget(Endpoint endpoint, Request valid) {
        List<String> names = new ArrayList<>();
        endpoint.pathParams().forEach(param -> names.add("path:" + param.name()));
        endpoint.query().forEach(param -> names.add("query:" + param.name()));
        if (names.isEmpty()) {
            return Gen.of(BROKEN_ESCAPES)
                    .map(escape -> Case.odd(
                            valid.withRawTarget(valid.target() + "?x=" + escape),
                            "a broken escape in the query",
                            null));
        }
        return Gen.of(names)
                .flatMap(name -> Gen.of(BROKEN_ESCAPES).map(escape -> {
                    String param = name.substring(name.indexOf(':') + 1);
                    Request marked = name.startsWith("path:")
                            ? valid.pathParam(param, "BROKEN")
                            : valid.withQuery(plus(
                                    valid.query().stream()
                                            .filter(given -> !given.name().equals(param))
                                            .toList(),
                                    new Request.Param(param, "BROKEN")));
                    return Case.odd(
                                    valid.withRawTarget(marked.target().replace("BROKEN", "a" + escape)),
                                    param + ": the broken escape " + escape,
                                    param)
                            .rerouted();
                }));
    }

    // ----------------------------------------------------------------------------------------------- headers

    private Gen<Case> key(Endpoint endpoint, Request valid) {
        List<Case> cases = new ArrayList<>();
        cases.add(Case.exactly(valid.withKey(null), "no key", 401));
        cases.add(Case.exactly(valid.withKey(keys.revoked()), "a revoked key", 401));
        BAD_KEYS.forEach(
                bad -> cases.add(Case.exactly(valid.withKey(bad), "the key " + Request.abbreviate(bad, 30), 401)));
        keys.insufficient(endpoint.access())
                .forEach(weak -> cases.add(
                        Case.exactly(valid.withKey(weak), "a key without the " + endpoint.access() + " right", 403)));
        cases.add(Case.odd(valid.withKey(valid.key().replace("Bearer ", "bearer ")), "the scheme in lower case", null));
        return Gen.of(cases);
    }

    private static Gen<Case> accept(Request valid) {
        return Gen.of(ODD_ACCEPTS).map(type -> Case.odd(valid.withAccept(type), "accept " + type, null));
    }

    /** A method the path does not answer, which must be refused as such: 405. */
    private Gen<Case> method(Endpoint endpoint, Request valid) {
        Set<String> answered = methodsByPath.getOrDefault(endpoint.path(), Set.of());
        List<String> others = Stream.of("PATCH", "PUT", "POST", "DELETE", "GET")
                .filter(method -> !answered.contains(method))
                .toList();
        return Gen.of(others).map(method -> Case.exactly(valid.withMethod(method), "the method " + method, 405));
    }

    // ----------------------------------------------------------------------------------------------- helpers

    private static Request raw(Request valid, byte[] bytes) {
        return valid.withBody(new Request.Body(null, bytes, false));
    }

    private static String text(Json value) {
        return value instanceof Json.Str string ? string.value() : value.text();
    }

    private static Json set(Json body, List<Json.Step> path, Json value) {
        if (path.isEmpty()) {
            return value;
        }
        List<Json.Step> parent = path.subList(0, path.size() - 1);
        Json.Step last = path.get(path.size() - 1);
        return body.replace(parent, container -> {
            if (container instanceof Json.Obj object && last.name() != null) {
                return object.with(last.name(), value);
            }
            if (container instanceof Json.Arr array && last.name() == null) {
                List<Json> items = new ArrayList<>(array.items());
                items.set(last.index(), value);
                return new Json.Arr(items);
            }
            return container;
        });
    }

    private static Json remove(Json body, List<Json.Step> path) {
        List<Json.Step> parent = path.subList(0, path.size() - 1);
        Json.Step last = path.get(path.size() - 1);
        return body.replace(parent, container -> {
            if (container instanceof Json.Obj object && last.name() != null) {
                return object.without(last.name());
            }
            if (container instanceof Json.Arr array && last.name() == null) {
                List<Json> items = new ArrayList<>(array.items());
                items.remove(last.index());
                return new Json.Arr(items);
            }
            return container;
        });
    }

    private static List<Json.Step> append(List<Json.Step> path, Json.Step step) {
        List<Json.Step> longer = new ArrayList<>(path);
        longer.add(step);
        return List.copyOf(longer);
    }

    private static List<Request.Param> plus(List<Request.Param> params, Request.Param param) {
        List<Request.Param> more = new ArrayList<>(params);
        more.add(param);
        return more;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
