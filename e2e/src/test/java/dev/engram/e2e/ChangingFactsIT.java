package dev.engram.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Facts that change over time, on the real pipeline with the real embedding model: a person who moves twice and
 * changes jobs. A question about the present gets the latest statement first and keeps the earlier ones as
 * history; a question about the past keeps its own order.
 */
@ExtendWith(RunningPlatform.class)
class ChangingFactsIT {

    private static final String USER = "dana";
    private static Gateway gateway;

    static final String[][] BOSTON = {
        {"Dana", "I live in Boston, in a small flat near the harbour."},
        {"Sam", "Nice, do you like it there?"},
        {"Dana", "I do, and I work as a nurse at the children's hospital."},
        {"Sam", "That must be demanding."},
        {"Dana", "It is, but I love the kids. We also got a cat called Pepper."},
    };

    static final String[][] DENVER = {
        {"Dana", "Big news: I moved to Denver last month, the mountains are right there."},
        {"Sam", "Wow, how is the new place?"},
        {"Dana", "Tiny, but the view of the Rockies is worth it. Pepper loves the balcony."},
        {"Sam", "Are you still nursing?"},
        {"Dana", "Yes, I found a job at a clinic downtown."},
    };

    static final String[][] SEATTLE = {
        {"Dana", "I left the clinic, I work as a software tester for a game studio now."},
        {"Sam", "That is quite a change! Are you staying in Denver?"},
        {"Dana", "No, I'm moving to Seattle next week, the studio is there."},
        {"Sam", "Rainy days ahead then."},
        {"Dana", "I bought a good raincoat already. Pepper will hate the rain."},
    };

    @BeforeAll
    static void remember() throws InterruptedException {
        gateway = RunningPlatform.get().tenant("changing").gateway();
        gateway.add(Conversations.request(USER, "dana/s1", "dana-s1", BOSTON, Instant.parse("2021-03-01T18:00:00Z")));
        gateway.add(Conversations.request(USER, "dana/s2", "dana-s2", DENVER, Instant.parse("2022-05-10T18:00:00Z")));
        gateway.add(Conversations.request(USER, "dana/s3", "dana-s3", SEATTLE, Instant.parse("2023-09-02T18:00:00Z")));
        gateway.awaitIndexed(USER, Duration.ofSeconds(90));
    }

    @Test
    void where_she_lives_now_is_the_latest_move_with_the_earlier_ones_after_it() {
        // Five places, so that the history (Denver, Boston) fits after the latest move.
        JsonPath answer = search("Where does Dana live now?", 5);

        assertThat(firstCluster(answer)).contains("Seattle");
        assertThat(answer.getInt("trace.latest_first")).isGreaterThan(1);
        String context = answer.getString("context");
        assertThat(context.indexOf("Seattle"))
                .as("the latest move comes before the earlier ones in the context")
                .isLessThan(context.indexOf("moved to Denver"))
                .isLessThan(context.indexOf("Boston"));
    }

    @Test
    void her_current_job_is_the_latest_one() {
        JsonPath answer = search("What is Dana's current job?");

        assertThat(firstCluster(answer)).contains("software tester");
    }

    @Test
    void a_question_about_the_past_is_not_reordered_by_time() {
        JsonPath answer = search("Where did Dana live when she got the cat Pepper?");

        assertThat(answer.getInt("trace.latest_first")).isZero();
    }

    private static JsonPath search(String question) {
        return search(question, 3);
    }

    private static JsonPath search(String question, int topK) {
        return gateway.search(Map.of("user_id", USER, "query", question, "top_k", topK));
    }

    private static String firstCluster(JsonPath answer) {
        List<String> contents = answer.getList("episodic[0].episodes.content", String.class);
        return String.join(" ", contents);
    }
}
