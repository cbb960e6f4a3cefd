package dev.engram.bench.load;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.bench.LatencyResult;
import dev.engram.bench.Progress;
import dev.engram.embedding.text.SentenceSplitter;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;

/**
 * Grows one project to each of the given numbers of sentences, with generated conversations of many users
 * ({@code sentencesPerUser} each, in sessions of {@value #TURNS_PER_SESSION} turns, one day apart), and measures the
 * platform at every size: how fast the step's sentences became searchable, single-client search latency, the index
 * on disk, each process's resident memory and each Java process's heap after a full collection. A user a step leaves
 * short of {@code sentencesPerUser} is continued by the next, so that one user can be grown across sizes.
 */
public final class ScaleRun {

    static final int TURNS_PER_SESSION = 50;
    static final int WARM_UP_SEARCHES = 50;
    private static final int SENDERS = 4;
    private static final Duration POLL_INTERVAL = Duration.ofMillis(500);
    private static final OffsetDateTime FIRST_SESSION = OffsetDateTime.of(2024, 1, 1, 9, 0, 0, 0, ZoneOffset.UTC);
    private static final SentenceSplitter SENTENCES = new SentenceSplitter();

    private final RawGateway gateway;
    private final String runId;
    private final int sentencesPerUser;
    private final int searches;
    private final Duration settle;
    private final Path pidDirectory;
    private final Path indexDirectory;
    private final HeapAfterGc heap;
    private final Random random;
    private final List<ScaleUser> users = new ArrayList<>();
    private long sentences;
    private boolean skipStoredUsers;

    /** A memory user of the run, the two people of its conversations and how much they have said so far. */
    private static final class ScaleUser {
        final String userId;
        final List<String> speakers;
        long sentences;
        long episodes;
        int sessions;

        ScaleUser(String userId, List<String> speakers) {
            this.userId = userId;
            this.speakers = speakers;
        }
    }

    public ScaleRun(
            RawGateway gateway,
            String runId,
            int sentencesPerUser,
            int searches,
            Duration settle,
            long seed,
            Path pidDirectory,
            Path indexDirectory,
            HeapAfterGc heap) {
        this.gateway = gateway;
        this.runId = runId;
        this.sentencesPerUser = sentencesPerUser;
        this.searches = searches;
        this.settle = settle;
        this.pidDirectory = pidDirectory;
        this.indexDirectory = indexDirectory;
        this.heap = heap;
        this.random = new Random(seed);
    }

    /**
     * For a load resumed under its run id: a user whose generated conversations are all stored already is not sent
     * again (its status is read first), which spares the platform re-reading hundreds of thousands of duplicates.
     */
    public ScaleRun skippingStoredUsers() {
        this.skipStoredUsers = true;
        return this;
    }

    public List<ScaleStep> run(List<Long> sizes) throws InterruptedException {
        List<ScaleStep> steps = new ArrayList<>();
        for (long size : sizes) {
            if (size <= sentences) {
                continue;
            }
            long before = sentences;
            Progress.log("scale: growing the project from %d to %d sentences", before, size);
            long started = System.nanoTime();
            Map<String, Long> accepted = fill(size);
            IndexingOutcome indexing = new IndexingCheck(gateway, POLL_INTERVAL).await(accepted, settle);
            double seconds = (System.nanoTime() - started) / 1e9;
            if (!indexing.caughtUp()) {
                throw new IllegalStateException("indexing still behind " + settle.toSeconds() + " s after " + sentences
                        + " sentences were sent");
            }
            Progress.log("scale: %d sentences searchable after %.1f s; searching", sentences - before, seconds);
            LatencyResult search = search();
            // Resident memory first: a full collection may give heap back to the system.
            Map<String, Long> resident = ProcessMemory.resident(pidDirectory);
            Progress.log("scale: full collection of each service, for its heap in use");
            steps.add(new ScaleStep(
                    sentences,
                    users.size(),
                    sentences - before,
                    seconds,
                    search,
                    ProcessMemory.directoryBytes(indexDirectory),
                    resident,
                    heap.measure(pidDirectory)));
        }
        return steps;
    }

    /**
     * Adds users' conversations until the project holds {@code size} sentences: first to the last user, while it has
     * fewer than {@code sentencesPerUser}, then to new ones. The episodes accepted so far of each user written to.
     */
    private Map<String, Long> fill(long size) throws InterruptedException {
        Map<String, Long> accepted = new LinkedHashMap<>();
        ExecutorService senders = Executors.newFixedThreadPool(SENDERS);
        Semaphore inFlight = new Semaphore(2 * SENDERS);
        List<Future<?>> sent = new ArrayList<>();
        int skipped = 0;
        try {
            while (sentences < size) {
                ScaleUser user = userToFill();
                List<ObjectNode> sessions = new ArrayList<>();
                while (user.sentences < sentencesPerUser && sentences < size) {
                    ObjectNode body = session(user, user.sessions++);
                    int count = sentencesOf(body);
                    user.sentences += count;
                    user.episodes += body.get("episodes").size();
                    sentences += count;
                    accepted.put(user.userId, user.episodes);
                    sessions.add(body);
                }
                if (skipStoredUsers && storedAlready(user)) {
                    skipped++;
                    continue;
                }
                for (ObjectNode body : sessions) {
                    inFlight.acquire();
                    sent.add(senders.submit(() -> {
                        try {
                            add(body);
                        } finally {
                            inFlight.release();
                        }
                        return null;
                    }));
                }
            }
            if (skipped > 0) {
                Progress.log("scale: %d users stored already, not sent again", skipped);
            }
            for (Future<?> request : sent) {
                request.get();
            }
            return accepted;
        } catch (ExecutionException e) {
            throw new IllegalStateException(
                    "adding a session failed: " + e.getCause().getMessage(), e.getCause());
        } finally {
            senders.shutdownNow();
        }
    }

    /** Whether the platform holds every episode generated for the user so far; false when that cannot be told. */
    private boolean storedAlready(ScaleUser user) throws InterruptedException {
        try {
            HttpResponse<String> answer = gateway.statusOnce(user.userId);
            return answer.statusCode() == 200
                    && UserStatus.parse(answer.body())
                            .filter(status -> status.stored() >= user.episodes)
                            .isPresent();
        } catch (IOException e) {
            return false;
        }
    }

    private ScaleUser userToFill() {
        if (!users.isEmpty() && users.get(users.size() - 1).sentences < sentencesPerUser) {
            return users.get(users.size() - 1);
        }
        ScaleUser user = new ScaleUser(runId + "-u" + (users.size() + 1), SyntheticConversations.pair(random));
        users.add(user);
        return user;
    }

    /** The user's {@code session}-th conversation; episode ids are the user's, so sessions never repeat one. */
    private ObjectNode session(ScaleUser user, int session) {
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        body.put("user_id", user.userId);
        body.put("session_id", "session_" + (session + 1));
        ArrayNode episodes = body.putArray("episodes");
        OffsetDateTime start = FIRST_SESSION.plusDays(session);
        for (int t = 0; t < TURNS_PER_SESSION; t++) {
            String speaker = user.speakers.get(t % 2);
            String listener = user.speakers.get((t + 1) % 2);
            ObjectNode episode = episodes.addObject();
            episode.put("id", "s" + (session + 1) + "-t" + (t + 1));
            episode.put("producer", speaker);
            episode.put("content", ScaleConversations.turn(random, listener));
            episode.put("timestamp", start.plusMinutes(2L * t).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
        }
        return body;
    }

    private static int sentencesOf(ObjectNode body) {
        int count = 0;
        for (var episode : body.get("episodes")) {
            count += SENTENCES.split(episode.get("content").asText()).size();
        }
        return count;
    }

    private void add(ObjectNode body) throws IOException, InterruptedException {
        HttpResponse<String> answer = gateway.addMemoriesOnce(body);
        if (answer.statusCode() != 201) {
            throw new IllegalStateException("POST /v1/memories answered " + answer.statusCode() + ": " + answer.body());
        }
    }

    /**
     * Single-client searches of users chosen at random among those written to (each searchable by now, since the
     * step waited for indexing), about what one of their speakers said.
     */
    private LatencyResult search() throws InterruptedException {
        double[] millis = new double[searches];
        for (int i = -WARM_UP_SEARCHES; i < searches; i++) {
            ScaleUser user = users.get(random.nextInt(users.size()));
            ObjectNode body = JsonNodeFactory.instance.objectNode();
            body.put("user_id", user.userId);
            body.put("query", ScaleConversations.question(random, user.speakers.get(random.nextInt(2))));
            body.put("top_k", 10);
            long started = System.nanoTime();
            HttpResponse<String> answer;
            try {
                answer = gateway.searchOnce(body);
            } catch (IOException e) {
                throw new IllegalStateException("a search failed: " + e.getMessage(), e);
            }
            if (answer.statusCode() != 200) {
                throw new IllegalStateException("a search answered " + answer.statusCode() + ": " + answer.body());
            }
            if (i >= 0) {
                millis[i] = (System.nanoTime() - started) / 1e6;
            }
        }
        return LatencyResult.of(millis, WARM_UP_SEARCHES);
    }
}
