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
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** The memory endpoints: add, search, status, the episodes one by one, short-term memory and deletion. */
final class MemoryEndpoints {

    private static final List<String> AGENTS = List.of("assistant-1", "agent:2");
    private static final List<String> QUESTIONS = List.of(
            "When did Caroline go to the support group?", "What does she like to do?", "hiking", "x", "😀", "?");

    private final FuzzContext context;
    private final Model model;

    MemoryEndpoints(FuzzContext context) {
        this.context = context;
        this.model = context.model();
    }

    private Shape user() {
        return Shape.id(() -> model.memoryUsers, false);
    }

    private Shape anyUser() {
        return Shape.id(
                () -> {
                    List<String> users = new ArrayList<>(model.memoryUsers);
                    users.addAll(model.profileUsers);
                    return users;
                },
                false);
    }

    private static Shape agent() {
        return Shape.id(() -> AGENTS, false);
    }

    private Shape session() {
        return Shape.id(() -> model.sessions, true);
    }

    private Shape episodeId() {
        return new Shape() {
            @Override
            public Gen<Json> valid() {
                List<String> stored = model.allEpisodeIds();
                Gen<String> fresh = Contract.id();
                return (stored.isEmpty() ? fresh : Gen.frequency(Gen.weight(5, fresh), Gen.weight(1, Gen.of(stored))))
                        .map(Json::str);
            }

            @Override
            public Gen<Bad> invalid() {
                return Shape.id(null, false).invalid();
            }
        };
    }

    private String key(Access access) {
        return context.keys().valid(access);
    }

    List<Endpoint> all() {
        return List.of(
                add(),
                status(),
                listing(),
                users(),
                sessions(),
                read(),
                correct(),
                shortTerm(),
                search(),
                deleteEpisode(),
                deleteSession(),
                deleteUser(),
                deletion());
    }

    List<Endpoint> deletions() {
        return List.of(deleteEpisode(), deleteSession(), deleteUser(), deletion());
    }

    // ------------------------------------------------------------------------------------------------- add

    private Shape.ObjectShape episode() {
        return Shape.object(
                0.4,
                Field.optional("id", episodeId()),
                Field.optional(
                        "producer",
                        Shape.text(Contract.MAX_LABEL_CHARS, false, false, Contract.label(Contract.MAX_LABEL_CHARS))),
                Field.optional(
                        "produced_for",
                        Shape.text(Contract.MAX_LABEL_CHARS, false, false, Contract.label(Contract.MAX_LABEL_CHARS))),
                Field.optional(
                        "role",
                        Shape.text(Contract.MAX_LABEL_CHARS, false, false, Contract.label(Contract.MAX_LABEL_CHARS))),
                Field.required("content", Shape.text(Contract.MAX_CONTENT_BYTES, true, true, Contract.content())),
                Field.optional("timestamp", Shape.timestamp(true)),
                Field.optional("metadata", Shape.stringMap()));
    }

    Endpoint add() {
        Gen<Integer> batchSizes =
                Gen.frequency(Gen.weight(300, Gen.integers(1, 3)), Gen.weight(1, Gen.just(Contract.MAX_EPISODES)));
        Shape.ObjectShape body = Shape.object(
                0.5,
                Field.required("user_id", user()),
                Field.optional("agent_id", agent()),
                Field.required("session_id", session()),
                Field.required("episodes", Shape.array(episode(), 1, Contract.MAX_EPISODES, batchSizes)));
        return new Endpoint(
                "POST",
                "/v1/memories",
                List.of(),
                List.of(),
                body,
                Access.WRITE,
                Contract.MAX_BODY,
                // An id the model already holds may name a different episode of the user: then the batch is a 409
                // (a conflict problem, which the problem rules check).
                ignored -> body.valid()
                        .map(json -> Case.valid(
                                Request.of("POST", "/v1/memories").json(json).withKey(key(Access.WRITE)), 201, 409)),
                this::added);
    }

    private void added(Request request, Answer answer, Model model) {
        Json.Obj body =
                request.jsonObject().orElseThrow(() -> new AssertionError("accepted a body that is no JSON object"));
        String user = body.string("user_id").orElseThrow(() -> new AssertionError("accepted a batch without user_id"));
        String session =
                body.string("session_id").orElseThrow(() -> new AssertionError("accepted a batch without session_id"));
        String agent = body.string("agent_id").orElse(null);
        List<Json> episodes = ((Json.Arr) body.get("episodes").orElseThrow()).items();
        require(answer.status() == 201, "an add answered " + answer.status() + " instead of 201");
        List<JsonNode> outcomes = list(answer.jsonOrFail().get("episodes"));
        require(outcomes.size() == episodes.size(), outcomes.size() + " outcomes for " + episodes.size() + " episodes");
        Set<String> inBatch = new HashSet<>();
        List<String> mismatches = new ArrayList<>();
        // Every outcome is recorded before any is judged, so that one wrong outcome does not hide the others.
        for (int i = 0; i < episodes.size(); i++) {
            Json.Obj episode = (Json.Obj) episodes.get(i);
            String id = text(outcomes.get(i), "id");
            require(id != null && !id.isEmpty(), "episode " + i + " came back without an id");
            String given = episode.string("id").orElse(id);
            if (!given.equals(id)) {
                mismatches.add("episode " + i + " came back as " + id + ", not " + given);
            }
            boolean duplicate = model.hasEpisode(user, id) || inBatch.contains(id);
            inBatch.add(id);
            String status = text(outcomes.get(i), "status");
            if (!(duplicate ? "duplicate" : "created").equals(status)) {
                mismatches.add("episode " + i + " (" + id + ") reported " + status + ", but it was "
                        + (duplicate ? "stored before" : "new"));
            }
            Model.Episode stored = model.episodes(user).get(id);
            if (stored != null
                    && !stored.content().equals(episode.string("content").orElseThrow())) {
                mismatches.add("episode " + i + " (" + id + ") says something else than the episode stored under"
                        + " its id, yet was accepted");
            }
            if ("created".equals(status)) {
                model.stored(
                        user,
                        new Model.Episode(
                                id,
                                session,
                                agent,
                                episode.string("producer").orElse(null),
                                episode.string("produced_for").orElse(null),
                                episode.string("role").orElse(null),
                                episode.string("content").orElseThrow(),
                                episode.string("timestamp").orElse(null),
                                episode.get("metadata").map(Views::map).orElse(null)));
            }
        }
        require(
                mismatches.isEmpty(),
                String.join("; ", mismatches.subList(0, Math.min(5, mismatches.size())))
                        + (mismatches.size() > 5 ? " and " + (mismatches.size() - 5) + " more" : ""));
    }

    // --------------------------------------------------------------------------------------------- reading

    Endpoint status() {
        Shape user = anyUser();
        return new Endpoint(
                "GET",
                "/v1/memories/status",
                List.of(),
                List.of(new Param("user_id", user, true)),
                null,
                Access.READ,
                0,
                ignored -> user.valid()
                        .map(json -> Case.valid(
                                Request.of("GET", "/v1/memories/status")
                                        .queryParam("user_id", ((Json.Str) json).value())
                                        .withKey(key(Access.READ)),
                                200)),
                (request, answer, model) -> {
                    String user1 = request.queryValue("user_id").orElseThrow();
                    JsonNode status = answer.jsonOrFail();
                    require(
                            user1.equals(text(status, "user_id")),
                            "status of " + text(status, "user_id") + " for " + user1);
                    long stored = status.path("stored").asLong(-1);
                    require(
                            stored == model.episodes(user1).size(),
                            "stored " + stored + " for " + user1 + ", who has "
                                    + model.episodes(user1).size());
                    require(
                            status.path("indexed").asLong(-1) >= 0
                                    && status.path("pending").asLong(-1) >= 0
                                    && status.path("indexed").asLong()
                                                    + status.path("pending").asLong()
                                            == stored,
                            "indexed and pending do not add up to stored: " + status);
                });
    }

    /** A listing's cursor: the valid ones come from earlier pages, so a drawn one is only ever odd or invalid. */
    private static Shape cursor() {
        return new Shape() {
            @Override
            public Gen<Json> valid() {
                return Gen.just(Json.str("unused"));
            }

            @Override
            public Gen<Bad> invalid() {
                return Gen.of("", "!!!", "a b", "c".repeat(513), "\u0000", "\uD800")
                        .map(text -> new Bad("not a cursor", Json.str(text)));
            }

            @Override
            public Gen<Json> odd() {
                return Gen.of("abc", "AAAA", "eyJ1c2VyIjoiYWxpY2UifQ", "_-_-", "0", "dTE6YWxpY2U", "czE6czE")
                        .map(Json::str);
            }
        };
    }

    Endpoint listing() {
        Shape limit = Shape.integer(1, Contract.MAX_PAGE);
        Shape cursor = cursor();
        String path = "/v1/memories/episodes";
        return new Endpoint(
                "GET",
                path,
                List.of(),
                List.of(
                        new Param("user_id", user(), true),
                        new Param("session_id", session(), false),
                        new Param("agent_id", agent(), false),
                        new Param("cursor", cursor, false),
                        new Param("limit", limit, false)),
                null,
                Access.READ,
                0,
                ignored -> {
                    Gen<Request> fresh = Gen.combine(
                            Gen.of(model.memoryUsers),
                            Gen.of(model.sessions).orNull(0.5),
                            Gen.of(AGENTS).orNull(0.8),
                            Gen.integers(1, Contract.MAX_PAGE).orNull(0.4),
                            (user, session, agent, pageSize) -> Request.of("GET", path)
                                    .queryParam("user_id", user)
                                    .queryParam("session_id", session)
                                    .queryParam("agent_id", agent)
                                    .queryParam("limit", pageSize == null ? null : pageSize.toString()));
                    Gen<Request> next = model.cursors().isEmpty()
                            ? fresh
                            : Gen.of(model.cursors())
                                    .map(previous -> Request.of("GET", path)
                                            .queryParam("user_id", previous.user())
                                            .queryParam("session_id", previous.session())
                                            .queryParam("agent_id", previous.agent())
                                            .queryParam("cursor", previous.cursor())
                                            .queryParam("limit", "1"));
                    return Gen.frequency(Gen.weight(4, fresh), Gen.weight(1, next))
                            .map(request -> Case.valid(request.withKey(key(Access.READ)), 200));
                },
                this::listed);
    }

    private void listed(Request request, Answer answer, Model model) {
        String user = request.queryValue("user_id").orElseThrow();
        String session = request.queryValue("session_id").orElse(null);
        String agent = request.queryValue("agent_id").orElse(null);
        String cursor = request.queryValue("cursor").orElse(null);
        int limit = request.queryValue("limit").map(Integer::parseInt).orElse(100);
        JsonNode page = answer.jsonOrFail();
        List<JsonNode> episodes = list(page.get("episodes"));
        require(episodes.size() <= limit, episodes.size() + " episodes on a page of " + limit);
        Map<String, Model.Episode> stored = model.episodes(user);
        for (JsonNode view : episodes) {
            Model.Episode expected = stored.get(text(view, "id"));
            require(expected != null, "listed episode " + text(view, "id") + " was never stored for " + user);
            List<String> differences = Views.differences(expected, view);
            require(differences.isEmpty(), "episode " + expected.id() + " is listed with " + differences);
            require(
                    session == null || session.equals(expected.session()),
                    "a listing of " + session + " shows " + expected.session());
            require(
                    agent == null || agent.equals(expected.agent()),
                    "a listing of agent " + agent + " shows " + expected.agent());
        }
        if (cursor == null) {
            long matching = stored.values().stream()
                    .filter(episode -> session == null || session.equals(episode.session()))
                    .filter(episode -> agent == null || agent.equals(episode.agent()))
                    .count();
            require(
                    episodes.size() == Math.min(limit, matching),
                    "the first page holds " + episodes.size() + " of " + matching + " episodes (limit " + limit + ")");
        }
        String next = text(page, "next_cursor");
        if (next != null) {
            model.cursor(new Model.Cursor(user, session, agent, next));
        }
    }

    /** The project's users: only those with episodes, in id order, each with the counts the model expects. */
    Endpoint users() {
        String path = "/v1/users";
        return new Endpoint(
                "GET",
                path,
                List.of(),
                List.of(
                        new Param("cursor", cursor(), false),
                        new Param("limit", Shape.integer(1, Contract.MAX_PAGE), false)),
                null,
                Access.READ,
                0,
                ignored -> Gen.integers(1, Contract.MAX_PAGE)
                        .orNull(0.5)
                        .map(pageSize -> Case.valid(
                                Request.of("GET", path)
                                        .queryParam("limit", pageSize == null ? null : pageSize.toString())
                                        .withKey(key(Access.READ)),
                                200)),
                (request, answer, model) -> {
                    int limit =
                            request.queryValue("limit").map(Integer::parseInt).orElse(100);
                    List<JsonNode> users = list(answer.jsonOrFail().get("users"));
                    List<String> withEpisodes = model.episodeUsers().stream()
                            .filter(user -> !model.episodes(user).isEmpty())
                            .toList();
                    // The order is the database's collation of ids, so only what a page holds is checked; a cursor
                    // the fuzzer made up starts anywhere.
                    Set<String> listed =
                            users.stream().map(user -> text(user, "user_id")).collect(Collectors.toSet());
                    boolean first = request.queryValue("cursor").isEmpty();
                    require(
                            listed.size() == users.size()
                                    && users.size() <= limit
                                    && (!first || users.size() == Math.min(limit, withEpisodes.size()))
                                    && withEpisodes.containsAll(listed),
                            "a page of users is " + listed + ", expected " + limit + " of " + withEpisodes);
                    for (JsonNode user : users) {
                        String id = text(user, "user_id");
                        Map<String, Model.Episode> stored = model.episodes(id);
                        long sessions = stored.values().stream()
                                .map(Model.Episode::session)
                                .distinct()
                                .count();
                        require(
                                user.path("stored").asLong(-1) == stored.size()
                                        && user.path("indexed").asLong(-1)
                                                        + user.path("pending").asLong(-1)
                                                == stored.size()
                                        && user.path("sessions").asLong(-1) == sessions,
                                "user " + id + " is listed as " + user + ", who has " + stored.size() + " episodes in "
                                        + sessions + " sessions");
                    }
                });
    }

    /** A user's sessions in id order, each with as many episodes as the model holds for it. */
    Endpoint sessions() {
        String path = "/v1/users/{user_id}/sessions";
        return new Endpoint(
                "GET",
                path,
                List.of(new Param("user_id", user(), true)),
                List.of(
                        new Param("agent_id", agent(), false),
                        new Param("cursor", cursor(), false),
                        new Param("limit", Shape.integer(1, Contract.MAX_PAGE), false)),
                null,
                Access.READ,
                0,
                ignored -> Gen.combine(
                        Gen.of(model.memoryUsers),
                        Gen.integers(1, Contract.MAX_PAGE).orNull(0.5),
                        (user, pageSize) -> Case.valid(
                                Request.of("GET", path)
                                        .pathParam("user_id", user)
                                        .queryParam("limit", pageSize == null ? null : pageSize.toString())
                                        .withKey(key(Access.READ)),
                                200)),
                (request, answer, model) -> {
                    String user = request.pathValue("user_id").orElseThrow();
                    String agent = request.queryValue("agent_id").orElse(null);
                    int limit =
                            request.queryValue("limit").map(Integer::parseInt).orElse(100);
                    List<JsonNode> sessions = list(answer.jsonOrFail().get("sessions"));
                    List<Model.Episode> held = model.episodes(user).values().stream()
                            .filter(episode -> agent == null || agent.equals(episode.agent()))
                            .toList();
                    List<String> expected =
                            held.stream().map(Model.Episode::session).distinct().toList();
                    Set<String> listed = sessions.stream()
                            .map(session -> text(session, "session_id"))
                            .collect(Collectors.toSet());
                    boolean first = request.queryValue("cursor").isEmpty();
                    require(
                            listed.size() == sessions.size()
                                    && sessions.size() <= limit
                                    && (!first || sessions.size() == Math.min(limit, expected.size()))
                                    && expected.containsAll(listed),
                            "a page of " + user + "'s sessions is " + listed + ", expected " + limit + " of "
                                    + expected);
                    for (JsonNode session : sessions) {
                        String id = text(session, "session_id");
                        long episodes = held.stream()
                                .filter(episode -> episode.session().equals(id))
                                .count();
                        require(
                                session.path("episodes").asLong(-1) == episodes,
                                "session " + id + " of " + user + " is listed with " + session.path("episodes")
                                        + " episodes, the model holds " + episodes);
                    }
                });
    }

    /** An episode the model holds for its user, or an id no user of the model has. */
    private Gen<String[]> episodeOfAUser() {
        List<String[]> stored = new ArrayList<>();
        model.episodeUsers().forEach(user -> model.episodeIds(user).forEach(id -> stored.add(new String[] {user, id})));
        Gen<String[]> unknown =
                Gen.combine(Gen.of(model.memoryUsers), Contract.id(), (user, id) -> new String[] {user, id});
        return stored.isEmpty() ? unknown : Gen.frequency(Gen.weight(6, Gen.of(stored)), Gen.weight(4, unknown));
    }

    Endpoint read() {
        String path = "/v1/memories/episodes/{episode_id}";
        return new Endpoint(
                "GET",
                path,
                List.of(new Param("episode_id", Shape.id(null, false), true)),
                List.of(new Param("user_id", user(), true)),
                null,
                Access.READ,
                0,
                ignored -> episodeOfAUser()
                        .map(pair -> Case.valid(
                                Request.of("GET", path)
                                        .pathParam("episode_id", pair[1])
                                        .queryParam("user_id", pair[0])
                                        .withKey(key(Access.READ)),
                                model.hasEpisode(pair[0], pair[1]) ? 200 : 404)),
                (request, answer, model) -> {
                    String user = request.queryValue("user_id").orElseThrow();
                    String id = request.pathValue("episode_id").orElseThrow();
                    Model.Episode expected = model.episodes(user).get(id);
                    require(expected != null, "episode " + id + " of " + user + " was read, but never stored");
                    List<String> differences = Views.differences(expected, answer.jsonOrFail());
                    require(differences.isEmpty(), "episode " + id + " reads back with " + differences);
                });
    }

    /** What a correction may change: every field of an added episode but its id; all of them optional. */
    private Shape.ObjectShape change() {
        return Shape.object(
                0.5,
                Field.optional(
                        "producer",
                        Shape.text(Contract.MAX_LABEL_CHARS, false, false, Contract.label(Contract.MAX_LABEL_CHARS))),
                Field.optional(
                        "produced_for",
                        Shape.text(Contract.MAX_LABEL_CHARS, false, false, Contract.label(Contract.MAX_LABEL_CHARS))),
                Field.optional(
                        "role",
                        Shape.text(Contract.MAX_LABEL_CHARS, false, false, Contract.label(Contract.MAX_LABEL_CHARS))),
                Field.optional("content", Shape.text(Contract.MAX_CONTENT_BYTES, true, true, Contract.content())),
                Field.optional("timestamp", Shape.timestamp(true)),
                Field.optional("metadata", Shape.stringMap()));
    }

    Endpoint correct() {
        String path = "/v1/memories/episodes/{episode_id}";
        Shape.ObjectShape body = change();
        return new Endpoint(
                "PATCH",
                path,
                List.of(new Param("episode_id", Shape.id(null, false), true)),
                List.of(new Param("user_id", user(), true)),
                body,
                Access.WRITE,
                Contract.MAX_BODY,
                ignored -> Gen.combine(
                        episodeOfAUser(),
                        body.valid(),
                        (pair, json) -> Case.valid(
                                Request.of("PATCH", path)
                                        .pathParam("episode_id", pair[1])
                                        .queryParam("user_id", pair[0])
                                        .json(json)
                                        .withKey(key(Access.WRITE)),
                                model.hasEpisode(pair[0], pair[1]) ? 200 : 404)),
                this::corrected);
    }

    /**
     * The model's episode becomes the corrected one the answer shows: an odd but lawful body (another charset, an
     * overlong UTF-8 form) is read by the gateway otherwise than the model would read it, so the answer is the
     * truth the later reads are checked against. What must hold of any correction: the same episode, in the same
     * session, reported updated or unchanged.
     */
    private void corrected(Request request, Answer answer, Model model) {
        String user = request.queryValue("user_id").orElseThrow();
        String id = request.pathValue("episode_id").orElseThrow();
        Model.Episode before = model.episodes(user).get(id);
        require(before != null, "corrected episode " + id + " of " + user + ", which was never stored");
        require(answer.status() == 200, "a correction answered " + answer.status() + " instead of 200");
        JsonNode episode = answer.jsonOrFail().get("episode");
        require(episode != null, "a correction answered without the episode");
        require(id.equals(text(episode, "id")), "a correction of " + id + " answered episode " + text(episode, "id"));
        require(
                before.session().equals(text(episode, "session_id")),
                "episode " + id + " moved from session " + before.session() + " to " + text(episode, "session_id"));
        String status = text(answer.jsonOrFail(), "status");
        require(
                "updated".equals(status) || "unchanged".equals(status),
                "a correction reported " + status + ", neither updated nor unchanged");
        model.stored(
                user,
                new Model.Episode(
                        id,
                        before.session(),
                        before.agent(),
                        text(episode, "producer"),
                        text(episode, "produced_for"),
                        text(episode, "role"),
                        text(episode, "content"),
                        text(episode, "timestamp"),
                        Views.map(episode.get("metadata"))));
    }

    Endpoint shortTerm() {
        String path = "/v1/sessions/{session_id}/short-term";
        return new Endpoint(
                "GET",
                path,
                List.of(new Param("session_id", session(), true)),
                List.of(new Param("user_id", user(), true), new Param("agent_id", agent(), false)),
                null,
                Access.READ,
                0,
                ignored -> Gen.combine(
                        Gen.of(model.memoryUsers),
                        Gen.of(model.sessions),
                        Gen.of(AGENTS).orNull(0.7),
                        (user, session, agent) -> Case.valid(
                                Request.of("GET", path)
                                        .pathParam("session_id", session)
                                        .queryParam("user_id", user)
                                        .queryParam("agent_id", agent)
                                        .withKey(key(Access.READ)),
                                200)),
                (request, answer, model) -> {
                    String user = request.queryValue("user_id").orElseThrow();
                    String session = request.pathValue("session_id").orElseThrow();
                    JsonNode memory = answer.jsonOrFail();
                    require(
                            session.equals(text(memory, "session_id")),
                            "short-term memory of " + text(memory, "session_id") + " for " + session);
                    for (JsonNode view : list(memory.get("episodes"))) {
                        Model.Episode expected = model.episodes(user).get(text(view, "id"));
                        require(
                                expected != null && expected.session().equals(session),
                                "short-term memory of " + session + " shows episode " + text(view, "id"));
                    }
                });
    }

    // --------------------------------------------------------------------------------------------- search

    Endpoint search() {
        Shape.ObjectShape expand = Shape.object(
                0.6,
                Field.optional("before", Shape.integer(0, Contract.MAX_NEIGHBOURS)),
                Field.optional("after", Shape.integer(0, Contract.MAX_NEIGHBOURS)),
                Field.optional("neighbours", Shape.oneOf(Contract.NEIGHBOURS)));
        Shape.ObjectShape filter = Shape.object(
                0.4,
                Field.optional("session_ids", Shape.array(session(), 0, 100_000, Gen.integers(0, 3))),
                Field.optional("from", Shape.timestamp(false)),
                Field.optional("to", Shape.timestamp(false)),
                Field.optional(
                        "producers",
                        Shape.array(
                                Shape.text(
                                        Contract.MAX_LABEL_CHARS, false, true, Contract.text(Contract.MAX_LABEL_CHARS)),
                                0,
                                100_000,
                                Gen.integers(0, 3))),
                Field.optional("metadata", Shape.stringMap()));
        Shape.ObjectShape body = Shape.object(
                0.3,
                Field.required("user_id", anyUser()),
                Field.optional("agent_id", agent()),
                Field.optional("session_id", session()),
                Field.required(
                        "query",
                        Shape.text(
                                Contract.MAX_QUERY_CHARS,
                                false,
                                true,
                                Gen.oneOf(
                                        Gen.of(QUESTIONS),
                                        HostileText.storable(),
                                        Gen.just(HostileText.ofCodePoints(Contract.MAX_QUERY_CHARS))))),
                Field.optional("top_k", Shape.integer(1, Contract.MAX_TOP_K)),
                Field.optional("mode", Shape.oneOf(Contract.MODES)),
                Field.optional("expand_context", expand),
                Field.optional("filter", filter),
                Field.optional("include", Shape.array(Shape.oneOf(Contract.INCLUDES), 0, 100_000, Gen.integers(0, 3))),
                Field.optional("max_context_tokens", Shape.integer(1, Contract.MAX_CONTEXT_TOKENS)),
                Field.optional(
                        "rerankers",
                        Shape.array(Shape.oneOf(Contract.RERANKERS), 0, Contract.MAX_RERANKERS, Gen.integers(0, 3))));
        return new Endpoint(
                "POST",
                "/v1/memories/search",
                List.of(),
                List.of(),
                body,
                Access.READ,
                Contract.MAX_SEARCH_BODY,
                ignored -> body.valid()
                        .map(json -> Case.valid(
                                Request.of("POST", "/v1/memories/search")
                                        .json(inOrder((Json.Obj) json))
                                        .withKey(key(Access.READ)),
                                200)),
                (request, answer, model) -> {
                    String user = request.jsonObject()
                            .flatMap(json -> json.string("user_id"))
                            .orElseThrow();
                    JsonNode result = answer.jsonOrFail();
                    boolean episodic = request.jsonObject()
                            .flatMap(json -> json.get("include"))
                            .map(include -> include.text().contains("\"episodic\""))
                            .orElse(true);
                    require(
                            !episodic || result.path("episodic").isArray(),
                            "a search result without episodic: " + answer.describe());
                    for (JsonNode cluster : list(result.get("episodic"))) {
                        for (JsonNode view : list(cluster.get("episodes"))) {
                            require(
                                    model.hasEpisode(user, text(view, "id")),
                                    "a search of " + user + " returned episode " + text(view, "id") + ", not theirs");
                        }
                    }
                    require(result.path("context").isTextual(), "a search result without context");
                });
    }

    /** A valid filter names its bounds in order. */
    private static Json.Obj inOrder(Json.Obj search) {
        return search.get("filter")
                .filter(Json.Obj.class::isInstance)
                .map(Json.Obj.class::cast)
                .flatMap(filter -> filter.string("from")
                        .flatMap(from -> filter.string("to").map(to -> {
                            Instant start = OffsetDateTime.parse(from).toInstant();
                            Instant end = OffsetDateTime.parse(to).toInstant();
                            return start.isAfter(end)
                                    ? search.with(
                                            "filter",
                                            filter.with("from", Json.str(to)).with("to", Json.str(from)))
                                    : search;
                        })))
                .orElse(search);
    }

    // ------------------------------------------------------------------------------------------- deletion

    Endpoint deleteEpisode() {
        String path = "/v1/memories/episodes/{episode_id}";
        return new Endpoint(
                "DELETE",
                path,
                List.of(new Param("episode_id", Shape.id(null, false), true)),
                List.of(new Param("user_id", user(), true)),
                null,
                Access.WRITE,
                0,
                ignored -> episodeOfAUser()
                        .map(pair -> model.hasEpisode(pair[0], pair[1])
                                ? Case.valid(deleteEpisodeRequest(path, pair), 200, 202)
                                : Case.valid(deleteEpisodeRequest(path, pair), 404)),
                (request, answer, model) -> {
                    String user = request.queryValue("user_id").orElseThrow();
                    String id = request.pathValue("episode_id").orElseThrow();
                    require(
                            model.hasEpisode(user, id),
                            "deleted episode " + id + " of " + user + ", which was never stored");
                    deleted(answer, model.deleteEpisode(user, id), model);
                });
    }

    private Request deleteEpisodeRequest(String path, String[] pair) {
        return Request.of("DELETE", path)
                .pathParam("episode_id", pair[1])
                .queryParam("user_id", pair[0])
                .withKey(key(Access.WRITE));
    }

    Endpoint deleteSession() {
        String path = "/v1/sessions/{session_id}";
        // Only some sessions are deleted, so that the others stay for the final check.
        List<String> doomed = model.sessions.subList(2, model.sessions.size());
        return new Endpoint(
                "DELETE",
                path,
                List.of(new Param("session_id", session(), true)),
                List.of(new Param("user_id", user(), true)),
                null,
                Access.WRITE,
                0,
                ignored -> Gen.combine(
                        Gen.of(model.memoryUsers),
                        Gen.oneOf(Gen.of(doomed), Contract.sessionId()),
                        (user, session) -> Case.valid(
                                Request.of("DELETE", path)
                                        .pathParam("session_id", session)
                                        .queryParam("user_id", user)
                                        .withKey(key(Access.WRITE)),
                                200,
                                202)),
                (request, answer, model) -> deleted(
                        answer,
                        model.deleteSession(
                                request.queryValue("user_id").orElseThrow(),
                                request.pathValue("session_id").orElseThrow()),
                        model));
    }

    Endpoint deleteUser() {
        String path = "/v1/users/{user_id}";
        List<String> doomed = List.of(model.memoryUsers.get(model.memoryUsers.size() - 1));
        return new Endpoint(
                "DELETE",
                path,
                List.of(new Param("user_id", user(), true)),
                List.of(),
                null,
                Access.WRITE,
                0,
                ignored -> Gen.oneOf(Gen.of(doomed), Contract.id())
                        .map(user -> Case.valid(
                                Request.of("DELETE", path)
                                        .pathParam("user_id", user)
                                        .withKey(key(Access.WRITE)),
                                200,
                                202)),
                (request, answer, model) -> deleted(
                        answer, model.deleteUser(request.pathValue("user_id").orElseThrow()), model));
    }

    private static void deleted(Answer answer, int expected, Model model) {
        JsonNode deletion = answer.jsonOrFail();
        String status = text(deletion, "status");
        require(
                answer.status() == 200 ? "complete".equals(status) : "pending".equals(status),
                "a deletion answered " + answer.status() + " with status " + status);
        require(
                deletion.path("deleted_episodes").asLong(-1) == expected,
                "a deletion of " + expected + " episodes reports " + deletion.path("deleted_episodes"));
        String id = text(deletion, "id");
        require(id != null && !id.isEmpty(), "a deletion without an id");
        model.deletion(id);
    }

    private Request deletionRequest(String path, String id) {
        return Request.of("GET", path).pathParam("deletion_id", id).withKey(key(Access.READ));
    }

    Endpoint deletion() {
        String path = "/v1/deletions/{deletion_id}";
        return new Endpoint(
                "GET",
                path,
                List.of(new Param("deletion_id", Shape.uuid(null), true)),
                List.of(),
                null,
                Access.READ,
                0,
                ignored -> {
                    Gen<Case> unknown = Contract.uuid().map(id -> Case.valid(deletionRequest(path, id), 404));
                    return model.deletions().isEmpty()
                            ? unknown
                            : Gen.frequency(
                                    Gen.weight(
                                            6,
                                            Gen.of(model.deletions())
                                                    .map(id -> Case.valid(deletionRequest(path, id), 200))),
                                    Gen.weight(4, unknown));
                },
                (request, answer, model) -> {
                    JsonNode deletion = answer.jsonOrFail();
                    require(
                            request.pathValue("deletion_id").orElseThrow().equals(text(deletion, "id")),
                            "deletion " + text(deletion, "id") + " for " + request.pathValue("deletion_id"));
                    require(
                            Set.of("complete", "pending").contains(text(deletion, "status")),
                            "a deletion in state " + text(deletion, "status"));
                });
    }
}
