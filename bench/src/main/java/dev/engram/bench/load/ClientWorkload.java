package dev.engram.bench.load;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.bench.RunIds;
import dev.engram.bench.Turn;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The requests of one client, in order. A seeded draw picks one of the client's users and whether to add or
 * to search. An add carries the next turns of that user's own walk through the corpus (so a session reads
 * like a conversation), under episode ids that are new in this run; a search asks one of the corpus's
 * questions. Users belong to one client only, so what a user was sent is known exactly, and every run writes
 * under its own run id, so runs against the same gateway never meet.
 */
public final class ClientWorkload {

    /** Adds per session: a session of a few dozen turns, as chat sessions go. */
    static final int ADDS_PER_SESSION = 8;

    static final int TOP_K = 10;
    static final OffsetDateTime FIRST_SESSION = OffsetDateTime.parse("2024-01-01T09:00:00Z");
    static final Duration TURN_SPACING = Duration.ofSeconds(30);

    private final Random random;
    private final LoadCorpus corpus;
    private final double addRatio;
    private final int batch;
    private final List<UserWalk> users = new ArrayList<>();

    public ClientWorkload(LoadOptions options, RunIds ids, LoadCorpus corpus, int client) {
        this.random = new Random(options.seed() * 1_000_003L + client);
        this.corpus = corpus;
        this.addRatio = options.addRatio();
        this.batch = options.batch();
        for (int u = 1; u <= options.usersPerClient(); u++) {
            String name = "c" + client + "-u" + u;
            users.add(new UserWalk(ids, name, random.nextInt(corpus.turns().size())));
        }
    }

    /** The memory users of this client. */
    public List<String> userIds() {
        return users.stream().map(user -> user.userId).toList();
    }

    public Operation next() {
        UserWalk user = users.get(random.nextInt(users.size()));
        return random.nextDouble() < addRatio ? add(user) : search(user);
    }

    private Operation add(UserWalk user) {
        int session = user.adds / ADDS_PER_SESSION;
        OffsetDateTime sessionStart = FIRST_SESSION.plusDays(session);
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        body.put("user_id", user.userId);
        body.put("session_id", user.userId + "/session_" + (session + 1));
        ArrayNode episodes = body.putArray("episodes");
        for (int i = 0; i < batch; i++) {
            Turn turn = corpus.turns().get(user.cursor);
            user.cursor = (user.cursor + 1) % corpus.turns().size();
            int position = (user.adds % ADDS_PER_SESSION) * batch + i;
            ObjectNode episode = episodes.addObject();
            episode.put("id", user.ids.episodeId(user.name, "e" + user.episodes++));
            episode.put("producer", turn.speaker());
            episode.put("content", turn.content());
            episode.put(
                    "timestamp",
                    sessionStart
                            .plus(TURN_SPACING.multipliedBy(position))
                            .format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
            episode.putObject("metadata").put("dia_id", turn.diaId());
        }
        user.adds++;
        return new Operation(RequestKind.ADD, user.userId, body, batch);
    }

    private Operation search(UserWalk user) {
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        body.put("user_id", user.userId);
        body.put(
                "query",
                corpus.questions().get(random.nextInt(corpus.questions().size())));
        body.put("top_k", TOP_K);
        return new Operation(RequestKind.SEARCH, user.userId, body, 0);
    }

    /** Where one user's conversation has got to. */
    private static final class UserWalk {
        private final RunIds ids;
        private final String name;
        private final String userId;
        private int cursor;
        private int adds;
        private long episodes;

        UserWalk(RunIds ids, String name, int cursor) {
            this.ids = ids;
            this.name = name;
            this.userId = ids.userId(name);
            this.cursor = cursor;
        }
    }
}
