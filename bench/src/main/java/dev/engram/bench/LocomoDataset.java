package dev.engram.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A LoCoMo file (the format of the original {@code locomo10.json}) read into conversations and the
 * questions that are scored: category 5 (adversarial) is left out, and so is every question whose
 * evidence names no turn.
 *
 * @param adversarial the category 5 questions, not scored by this protocol: they ask about something the
 *     conversation does not say (often what the other speaker did), so they are asked only for the relevance
 *     measurement, as questions that should find nothing relevant; their evidence is left empty
 * @param skippedWithoutEvidence questions left without a valid evidence turn
 */
public record LocomoDataset(
        List<Conversation> conversations,
        List<Question> questions,
        List<Question> adversarial,
        int skippedWithoutEvidence) {

    static final int ADVERSARIAL = 5;
    private static final Pattern SESSION_KEY = Pattern.compile("session_(\\d+)");

    public LocomoDataset {
        conversations = List.copyOf(conversations);
        questions = List.copyOf(questions);
        adversarial = List.copyOf(adversarial);
    }

    public static LocomoDataset load(Path file) {
        try {
            return parse(new ObjectMapper().readTree(file.toFile()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the LoCoMo file " + file, e);
        }
    }

    public static LocomoDataset parse(JsonNode root) {
        if (!root.isArray()) {
            throw new IllegalArgumentException("a LoCoMo file is a JSON array of samples");
        }
        List<Conversation> conversations = new ArrayList<>();
        List<Question> questions = new ArrayList<>();
        List<Question> adversarial = new ArrayList<>();
        int withoutEvidence = 0;
        for (JsonNode sample : root) {
            String sampleId = sample.path("sample_id").asText();
            Conversation conversation = new Conversation(sampleId, sessions(sampleId, sample.path("conversation")));
            conversations.add(conversation);
            for (JsonNode qa : sample.path("qa")) {
                int category = qa.path("category").asInt();
                if (category == ADVERSARIAL) {
                    adversarial.add(new Question(sampleId, qa.path("question").asText(), category, List.of()));
                    continue;
                }
                List<String> evidence = EvidenceIds.normalize(texts(qa.path("evidence")), conversation.turnIds());
                if (evidence.isEmpty()) {
                    withoutEvidence++;
                    continue;
                }
                questions.add(new Question(sampleId, qa.path("question").asText(), category, evidence));
            }
        }
        return new LocomoDataset(conversations, questions, adversarial, withoutEvidence);
    }

    private static List<Session> sessions(String sampleId, JsonNode conversation) {
        List<Session> sessions = new ArrayList<>();
        Iterator<Map.Entry<String, JsonNode>> fields = conversation.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            Matcher key = SESSION_KEY.matcher(field.getKey());
            if (!key.matches() || !field.getValue().isArray()) {
                continue;
            }
            String dateTime = conversation.path(field.getKey() + "_date_time").asText(null);
            List<Turn> turns = new ArrayList<>();
            for (JsonNode turn : field.getValue()) {
                turns.add(new Turn(
                        turn.path("dia_id").asText(),
                        turn.path("speaker").asText(),
                        turn.path("text").asText(""),
                        turn.path("blip_caption").asText(null)));
            }
            sessions.add(new Session(
                    sampleId, Integer.parseInt(key.group(1)), LocomoDates.parseSessionTime(dateTime), turns));
        }
        sessions.sort(Comparator.comparingInt(Session::number));
        return sessions;
    }

    private static List<String> texts(JsonNode node) {
        List<String> texts = new ArrayList<>();
        if (node.isArray()) {
            node.forEach(item -> texts.add(item.asText()));
        } else if (node.isTextual()) {
            texts.add(node.asText());
        }
        return texts;
    }

    /** Category 5 questions, not scored. */
    public int excludedAdversarial() {
        return adversarial.size();
    }

    public int turnCount() {
        return conversations.stream().mapToInt(c -> c.turns().size()).sum();
    }
}
