package dev.engram.e2e;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Small conversations written for these tests, shaped like LoCoMo sessions. */
final class Conversations {

    private Conversations() {}

    static final String[][] GARDENING = {
        {"Nadia", "Morning! I spent the whole weekend building raised beds for the vegetable garden."},
        {"Tomas", "Sounds like hard work. What are you planting?"},
        {"Nadia", "Tomatoes, basil and a row of purple carrots my grandmother recommended."},
        {"Tomas", "Purple carrots? I had no idea those existed."},
        {"Nadia", "They are an heirloom variety. She grew them in Lisbon for decades."},
        {"Tomas", "By the way, how did the violin recital go last Friday?"},
        {"Nadia", "It went well! I played a Bach partita and only missed one note."},
        {"Tomas", "Impressive. I should come to the next one."},
    };

    static final String[][] TRAVEL = {
        {"Owen", "I just booked flights to Reykjavik for the northern lights in February."},
        {"Ines", "Lucky you! Are you renting a car there?"},
        {"Owen", "Yes, a four-wheel drive, because the roads near the glacier get icy."},
        {"Ines", "My cousin adopted a parrot named Mango last week, it keeps whistling the news theme."},
        {"Owen", "Ha, that is hilarious."},
    };

    private static final String[] TOPICS = {
        "the raised beds in the garden",
        "a violin recital on Friday",
        "the trip to Lisbon in May",
        "a new lentil soup recipe",
        "the book club's next novel",
        "training for the autumn marathon",
        "a bike with a broken chain",
        "the neighbour's new puppy",
        "moving desks at the office",
        "a late jazz concert downtown",
        "tiles for the kitchen floor",
        "a surprise birthday party",
    };

    /** Two friends catching up, one sentence a turn, for as many turns as a load needs. */
    static LoadPlan.Turn smallTalk(int user, int index) {
        String speaker = index % 2 == 0 ? "Nadia" : "Tomas";
        String topic = TOPICS[(user * 5 + index) % TOPICS.length];
        return new LoadPlan.Turn(speaker, "On day " + (index / 2 + 1) + " we talked about " + topic + " for a while.");
    }

    /** A POST /v1/memories body: one episode per turn, a minute apart, with the turn id as metadata. */
    static Map<String, Object> request(String user, String session, String prefix, String[][] turns, Instant start) {
        List<Map<String, Object>> episodes = new ArrayList<>();
        for (int i = 0; i < turns.length; i++) {
            Map<String, Object> episode = new LinkedHashMap<>();
            episode.put("id", prefix + ":" + (i + 1));
            episode.put("producer", turns[i][0]);
            episode.put("role", i % 2 == 0 ? "user" : "assistant");
            episode.put("content", turns[i][1]);
            episode.put("timestamp", start.plusSeconds(60L * i).toString());
            episode.put("metadata", Map.of("turn", "D1:" + (i + 1), "source", "e2e"));
            episodes.add(episode);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("user_id", user);
        body.put("session_id", session);
        body.put("episodes", episodes);
        return body;
    }
}
