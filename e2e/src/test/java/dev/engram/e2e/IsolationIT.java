package dev.engram.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Several projects, each with the same user ids, session ids and episode ids, talking about the same things:
 * every answer of every read path (search in every mode, context, short-term memory, profile, listing, reading
 * an episode) is checked for a marker of another tenant. Each episode carries a marker naming its project,
 * user and session, so a leak cannot hide.
 */
@ExtendWith(RunningPlatform.class)
class IsolationIT {

    private static final long SEED = 20261201L;
    private static final int PROJECTS = 3;
    private static final List<String> USERS = List.of("alice", "bob", "carol");
    private static final List<String> SESSIONS = List.of("s1", "s2");
    private static final int TURNS = 6;
    private static final List<String> MODES =
            List.of("direct", "split", "chain", "graph", "segtree", "reconstruct", "auto");
    private static final Pattern MARKER = Pattern.compile("qx([0-9])u([a-z]+)s([0-9])t");
    private static final List<String> TOPICS = List.of(
            "I love hiking in the mountains with my dog",
            "I work as a nurse at the city hospital",
            "I adopted a cat from the shelter last month",
            "My sister Anna moved to Denver for a new job",
            "I started learning the violin and practise every evening",
            "We planted tomatoes and basil in the garden");

    private int responsesChecked;

    @Test
    void no_read_path_returns_another_tenants_memory() throws Exception {
        RunningPlatform platform = RunningPlatform.get();
        Random random = new Random(SEED);
        List<RunningPlatform.Tenant> tenants = new ArrayList<>();
        for (int p = 0; p < PROJECTS; p++) {
            RunningPlatform.Tenant tenant = platform.tenant("iso" + p);
            tenants.add(tenant);
            for (String user : USERS) {
                for (String session : SESSIONS) {
                    tenant.gateway().add(session(p, user, session, random));
                }
            }
        }
        for (RunningPlatform.Tenant tenant : tenants) {
            for (String user : USERS) {
                tenant.gateway().awaitIndexed(user, Duration.ofSeconds(120));
                awaitProfile(tenant.gateway(), user, Duration.ofSeconds(60));
            }
        }

        List<String> leaks = new ArrayList<>();
        for (int p = 0; p < PROJECTS; p++) {
            Gateway gateway = tenants.get(p).gateway();
            for (String user : USERS) {
                for (String mode : MODES) {
                    String topic = TOPICS.get(random.nextInt(TOPICS.size()));
                    String foreign = marker(random.nextInt(PROJECTS), USERS.get(random.nextInt(USERS.size())), "s1", 0);
                    JsonPath result = gateway.search(Map.of(
                            "user_id",
                            user,
                            "query",
                            topic + " " + foreign + "?",
                            "mode",
                            mode,
                            "top_k",
                            20,
                            "include",
                            List.of("episodic", "profile")));
                    check(answerOf(result), p, user, null, "search " + mode, leaks);
                }
                for (String session : SESSIONS) {
                    JsonPath scoped = gateway.search(
                            Map.of("user_id", user, "session_id", session, "query", TOPICS.get(0), "top_k", 20));
                    check(answerOf(scoped), p, user, session, "search in a session", leaks);
                    check(gateway.shortTerm(user, session).prettify(), p, user, session, "short-term", leaks);
                    check(
                            gateway.listEpisodes(user, Map.of("session_id", session))
                                    .prettify(),
                            p,
                            user,
                            session,
                            "listing",
                            leaks);
                }
                check(gateway.listEpisodes(user, Map.of()).prettify(), p, user, null, "listing", leaks);
                check(gateway.profile(user, Map.of()).prettify(), p, user, null, "profile", leaks);
                check(gateway.profileHistory(user).prettify(), p, user, null, "profile history", leaks);
                String sharedId = episodeId(user, "s1", 0);
                assertThat(gateway.episodeStatus(user, sharedId)).isEqualTo(200);
                check(gateway.episode(user, sharedId).prettify(), p, user, "s1", "episode by id", leaks);
                String otherUser = USERS.get((USERS.indexOf(user) + 1) % USERS.size());
                assertThat(gateway.episodeStatus(user, episodeId(otherUser, "s1", 0)))
                        .as("another user's episode id")
                        .isEqualTo(404);
                responsesChecked++;
            }
        }

        System.out.printf(
                "IsolationIT: projects=%d users=%d sessions=%d responses_checked=%d leaks=%d%n",
                PROJECTS,
                PROJECTS * USERS.size(),
                PROJECTS * USERS.size() * SESSIONS.size(),
                responsesChecked,
                leaks.size());
        assertThat(leaks).isEmpty();
    }

    /** Twelve turns per user, half of them self-disclosures: the profile has entries to leak once extracted. */
    private static void awaitProfile(Gateway gateway, String user, Duration timeout) throws InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        while (gateway.profile(user, Map.of()).getList("entries").isEmpty()) {
            assertThat(Instant.now())
                    .as("profile of " + user + " extracted in time")
                    .isBefore(deadline);
            Thread.sleep(250);
        }
    }

    /** What a search returns as memory; its trace echoes the query, which names other tenants on purpose. */
    private static String answerOf(JsonPath search) {
        return String.valueOf(search.getList("episodic"))
                + search.getString("context")
                + search.getMap("short_term")
                + search.getList("profile");
    }

    /** Every marker in the answer must name the caller's project and user (and session, when one was asked). */
    private void check(String answer, int project, String user, String session, String path, List<String> leaks) {
        responsesChecked++;
        Matcher markers = MARKER.matcher(answer.toLowerCase(Locale.ROOT));
        while (markers.find()) {
            boolean own = Integer.parseInt(markers.group(1)) == project
                    && markers.group(2).equals(user)
                    && (session == null || ("s" + markers.group(3)).equals(session));
            if (!own) {
                leaks.add(path + " of project " + project + " user " + user + " returned " + markers.group());
            }
        }
    }

    private static Map<String, Object> session(int project, String user, String session, Random random) {
        List<Map<String, Object>> episodes = new ArrayList<>();
        Instant start = Instant.parse("2024-05-01T09:00:00Z").plusSeconds(3600L * random.nextInt(500));
        for (int t = 0; t < TURNS; t++) {
            String topic = TOPICS.get(random.nextInt(TOPICS.size()));
            Map<String, Object> episode = new HashMap<>();
            episode.put("id", episodeId(user, session, t));
            episode.put("producer", t % 2 == 0 ? capitalized(user) : "Friend");
            episode.put("content", topic + ", said " + marker(project, user, session, t) + ".");
            episode.put("timestamp", start.plusSeconds(60L * t).toString());
            episodes.add(episode);
        }
        return Map.of("user_id", user, "session_id", session, "episodes", episodes);
    }

    /** The same ids in every project: an id is only unique within its project. */
    private static String episodeId(String user, String session, int turn) {
        return user + "-" + session + "-" + turn;
    }

    private static String marker(int project, String user, String session, int turn) {
        return "qx" + project + "u" + user + "s" + session.substring(1) + "t" + turn;
    }

    private static String capitalized(String name) {
        return Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }
}
