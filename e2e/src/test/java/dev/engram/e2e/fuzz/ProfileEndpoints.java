package dev.engram.e2e.fuzz;

import static dev.engram.e2e.fuzz.Views.list;
import static dev.engram.e2e.fuzz.Views.require;
import static dev.engram.e2e.fuzz.Views.text;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.e2e.fuzz.Endpoint.Access;
import dev.engram.e2e.fuzz.Endpoint.Param;
import dev.engram.e2e.fuzz.Shape.Field;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/** The profile endpoints: read, history, entries written and deleted by hand. */
final class ProfileEndpoints {

    private static final List<String> SUBJECTS = List.of("Caroline", "Melanie", "Ünïcødé 😀");
    private static final List<String> TAGS = List.of("identity", "hobbies and interests", "work");
    private static final List<String> FEATURES = List.of("instrument", "gender identity", "employer");

    private final FuzzContext context;
    private final Model model;

    ProfileEndpoints(FuzzContext context) {
        this.context = context;
        this.model = context.model();
    }

    private Shape user() {
        return Shape.id(() -> model.profileUsers, false);
    }

    private String key(Access access) {
        return context.keys().valid(access);
    }

    private static Shape label(List<String> usual) {
        return Shape.text(
                Contract.MAX_PROFILE_LABEL_CHARS,
                false,
                true,
                Gen.frequency(
                        Gen.weight(6, Gen.of(usual)), Gen.weight(2, Contract.text(Contract.MAX_PROFILE_LABEL_CHARS))));
    }

    /** A point in time to read a profile at: a timestamp with offset, or a date. */
    private static Shape pointInTime() {
        Shape timestamps = Shape.timestamp(true);
        return new Shape() {
            @Override
            public Gen<Json> valid() {
                return Gen.oneOf(
                        timestamps.valid(),
                        Gen.of("2023-05-08", "0001-01-01", "9999-12-31").map(Json::str));
            }

            @Override
            public Gen<Bad> invalid() {
                return timestamps
                        .invalid()
                        .filter(bad -> !(bad.value() instanceof Json.Str text
                                && text.value().equals("2023-05-08")));
            }
        };
    }

    Endpoint profile() {
        String path = "/v1/users/{user_id}/profile";
        Shape subject = label(SUBJECTS);
        return new Endpoint(
                "GET",
                path,
                List.of(new Param("user_id", user(), true)),
                List.of(
                        new Param("at", pointInTime(), false),
                        new Param("subject", subject, false),
                        new Param("limit", Shape.integer(1, Contract.MAX_PROFILE_LIMIT), false)),
                null,
                Access.READ,
                0,
                ignored -> Gen.combine(
                        Gen.of(model.profileUsers),
                        pointInTime().valid().orNull(0.6),
                        subject.valid().orNull(0.6),
                        Shape.integer(1, Contract.MAX_PROFILE_LIMIT).valid().orNull(0.6),
                        (user, at, about, limit) -> Case.valid(
                                Request.of("GET", path)
                                        .pathParam("user_id", user)
                                        .queryParam("at", string(at))
                                        .queryParam("subject", string(about))
                                        .queryParam("limit", limit == null ? null : limit.text())
                                        .withKey(key(Access.READ)),
                                200)),
                (request, answer, model) -> shown(request, answer, model, false));
    }

    Endpoint history() {
        String path = "/v1/users/{user_id}/profile/history";
        Shape subject = label(SUBJECTS);
        Shape tag = label(TAGS);
        Shape feature = label(FEATURES);
        return new Endpoint(
                "GET",
                path,
                List.of(new Param("user_id", user(), true)),
                List.of(
                        new Param("subject", subject, false),
                        new Param("tag", tag, false),
                        new Param("feature", feature, false)),
                null,
                Access.READ,
                0,
                ignored -> Gen.combine(
                        Gen.of(model.profileUsers),
                        subject.valid().orNull(0.7),
                        tag.valid().orNull(0.7),
                        feature.valid().orNull(0.7),
                        (user, about, tagged, named) -> Case.valid(
                                Request.of("GET", path)
                                        .pathParam("user_id", user)
                                        .queryParam("subject", string(about))
                                        .queryParam("tag", string(tagged))
                                        .queryParam("feature", string(named))
                                        .withKey(key(Access.READ)),
                                200)),
                (request, answer, model) -> shown(request, answer, model, true));
    }

    /** Every entry shown was written by hand for the user; an unfiltered history shows every one of them. */
    private static void shown(Request request, Answer answer, Model model, boolean history) {
        String user = request.pathValue("user_id").orElseThrow();
        JsonNode profile = answer.jsonOrFail();
        require(user.equals(text(profile, "user_id")), "the profile of " + text(profile, "user_id") + " for " + user);
        List<JsonNode> entries = list(profile.get("entries"));
        for (JsonNode entry : entries) {
            Model.Entry expected = model.entries(user).get(text(entry, "id"));
            require(
                    expected != null,
                    "the profile of " + user + " shows entry " + text(entry, "id") + ", never written");
            require(
                    expected.value().equals(text(entry, "value")),
                    "entry " + expected.id() + " shows value " + Request.escape(String.valueOf(text(entry, "value"))));
        }
        request.queryValue("limit")
                .ifPresent(limit -> require(
                        entries.size() <= Integer.parseInt(limit),
                        entries.size() + " entries over the limit " + limit));
        if (history && request.query().isEmpty()) {
            require(
                    entries.size() == model.entries(user).size(),
                    "the history of " + user + " shows " + entries.size() + " of "
                            + model.entries(user).size() + " versions");
        }
    }

    private Shape.ObjectShape entryBody() {
        return Shape.object(
                0.5,
                Field.required("subject", label(SUBJECTS)),
                Field.optional("category", label(List.of("profile", "preference"))),
                Field.required("tag", label(TAGS)),
                Field.required("feature", label(FEATURES)),
                Field.required(
                        "value",
                        Shape.text(
                                Contract.MAX_PROFILE_VALUE_CHARS,
                                false,
                                true,
                                Contract.text(Contract.MAX_PROFILE_VALUE_CHARS))),
                Field.optional("valid_from", Shape.timestamp(true)),
                Field.optional(
                        "evidence",
                        Shape.array(
                                Shape.id(null, false),
                                0,
                                Contract.MAX_EVIDENCE,
                                Gen.frequency(
                                        Gen.weight(8, Gen.integers(0, 3)),
                                        Gen.weight(1, Gen.just(Contract.MAX_EVIDENCE))))),
                Field.optional("confidence", Shape.fraction()));
    }

    Endpoint put() {
        String path = "/v1/users/{user_id}/profile/{entry_id}";
        Shape.ObjectShape body = entryBody();
        return new Endpoint(
                "PUT",
                path,
                List.of(new Param("user_id", user(), true), new Param("entry_id", Shape.uuid(null), true)),
                List.of(),
                body,
                Access.WRITE,
                Contract.MAX_PROFILE_BODY,
                ignored -> Gen.combine(
                                Gen.of(model.profileUsers),
                                body.valid(),
                                Gen.integers(0, 9),
                                (user, json, choice) -> target(user, (Json.Obj) json, choice, path))
                        .flatMap(gen -> gen),
                ProfileEndpoints::written);
    }

    /** A new entry, a new version of a current one, or an edit of a closed one, which must be refused. */
    private Gen<Case> target(String user, Json.Obj body, int choice, String path) {
        List<Model.Entry> current = new ArrayList<>();
        List<Model.Entry> closed = new ArrayList<>();
        model.entries(user).values().forEach(entry -> (entry.current() ? current : closed).add(entry));
        if (choice < 4 && !current.isEmpty()) {
            return Gen.of(current).map(entry -> newVersion(user, body, entry, path, choice));
        }
        if (choice == 4 && !closed.isEmpty()) {
            return Gen.of(closed)
                    .map(entry ->
                            Case.exactly(request(path, user, entry.id(), body), "an edit of a closed version", 409));
        }
        return Contract.uuid().map(id -> Case.valid(request(path, user, id, body), 201));
    }

    /** A version may not start before the one it replaces; one that does must be refused, naming valid_from. */
    private Case newVersion(String user, Json.Obj body, Model.Entry entry, String path, int choice) {
        Instant since = Instant.parse(entry.validFrom());
        if (choice == 0) {
            // Another value, so that the edit is not the unchanged entry, which is answered before dates are compared.
            String value = entry.value().equals("another value") ? "a third value" : "another value";
            Json.Obj earlier = body.with(
                            "valid_from", Json.str(since.minusSeconds(86_400).toString()))
                    .with("value", Json.str(value));
            if (since.minusSeconds(86_400).isAfter(Contract.EARLIEST)) {
                return Case.invalid(
                        request(path, user, entry.id(), earlier),
                        "a new version starting before the current one",
                        "valid_from");
            }
        }
        Json.Obj later = since.isAfter(Instant.now())
                ? body.with("valid_from", Json.str(since.toString()))
                : body.without("valid_from");
        // Consolidation may retire an entry at any time; then the edit is refused as a conflict.
        return Case.valid(request(path, user, entry.id(), later), 200, 409);
    }

    private Request request(String path, String user, String id, Json.Obj body) {
        return Request.of("PUT", path)
                .pathParam("user_id", user)
                .pathParam("entry_id", id)
                .json(body)
                .withKey(key(Access.WRITE));
    }

    private static void written(Request request, Answer answer, Model model) {
        String user = request.pathValue("user_id").orElseThrow();
        String id = request.pathValue("entry_id").orElseThrow();
        JsonNode written = answer.jsonOrFail();
        JsonNode entry = written.path("entry");
        boolean created = written.path("created").asBoolean();
        String replaced = text(written, "replaced");
        // Recorded before it is judged: an entry written is in the history, whatever else is wrong with it.
        model.entryWritten(
                user,
                new Model.Entry(
                        text(entry, "id"),
                        text(entry, "subject"),
                        text(entry, "tag"),
                        text(entry, "feature"),
                        text(entry, "value"),
                        text(entry, "valid_from"),
                        true),
                replaced == null ? null : replaced.toLowerCase(Locale.ROOT));
        if (request.jsonObject().isEmpty()) {
            // Raw bytes the gateway read as JSON (an overlong UTF-8 form): recorded above, not compared.
            return;
        }
        Json.Obj body = request.jsonObject().orElseThrow();
        require(created == (answer.status() == 201), "created=" + created + " with status " + answer.status());
        if (created) {
            require(id.equalsIgnoreCase(text(entry, "id")), "entry " + id + " was created as " + text(entry, "id"));
        } else if (replaced != null) {
            require(id.equalsIgnoreCase(replaced), "an edit of " + id + " replaced " + replaced);
            require(!id.equalsIgnoreCase(text(entry, "id")), "a new version kept the id " + id);
        } else {
            require(
                    id.equalsIgnoreCase(text(entry, "id")),
                    "an unchanged entry " + id + " came back as " + text(entry, "id"));
        }

        // profile-service strips the labels and the value of an entry, and keeps microseconds.
        for (String field : List.of("subject", "tag", "feature", "value")) {
            String sent = body.string(field).map(String::strip).orElse(null);
            require(
                    Objects.equals(sent, text(entry, field)),
                    field + " stored as '" + Request.escape(String.valueOf(text(entry, field))) + "', sent '"
                            + Request.escape(String.valueOf(sent)) + "'");
        }
        body.string("valid_from")
                .ifPresent(from -> require(
                        OffsetDateTime.parse(from)
                                .toInstant()
                                .truncatedTo(ChronoUnit.MICROS)
                                .equals(Instant.parse(text(entry, "valid_from"))),
                        "valid_from stored as " + text(entry, "valid_from") + ", sent " + from));
    }

    Endpoint delete() {
        String path = "/v1/users/{user_id}/profile/{entry_id}";
        return new Endpoint(
                "DELETE",
                path,
                List.of(new Param("user_id", user(), true), new Param("entry_id", Shape.uuid(null), true)),
                List.of(),
                null,
                Access.WRITE,
                0,
                ignored -> Gen.of(model.profileUsers).flatMap(user -> {
                    Gen<Case> unknown = Contract.uuid().map(id -> Case.valid(deleteRequest(path, user, id), 404));
                    List<String> ids = model.entryIds(user);
                    return ids.isEmpty()
                            ? unknown
                            : Gen.frequency(
                                    Gen.weight(
                                            1, Gen.of(ids).map(id -> Case.valid(deleteRequest(path, user, id), 204))),
                                    Gen.weight(2, unknown));
                }),
                (request, answer, model) -> {
                    String user = request.pathValue("user_id").orElseThrow();
                    String id = request.pathValue("entry_id").orElseThrow().toLowerCase(Locale.ROOT);
                    require(
                            model.entries(user).containsKey(id),
                            "deleted entry " + id + " of " + user + ", never written");
                    model.entryDeleted(user, id);
                });
    }

    private Request deleteRequest(String path, String user, String id) {
        return Request.of("DELETE", path)
                .pathParam("user_id", user)
                .pathParam("entry_id", id)
                .withKey(key(Access.WRITE));
    }

    private static String string(Json value) {
        return value == null ? null : ((Json.Str) value).value();
    }
}
