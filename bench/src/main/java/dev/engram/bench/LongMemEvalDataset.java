package dev.engram.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * A LongMemEval file (the official format, e.g. {@code longmemeval_s.json}) read into one haystack per scored
 * question. Abstention questions ({@code question_id} ending in {@code _abs}) have no evidence and are left
 * out, as by the official evaluation, and so is a question left without an evidence turn or session.
 *
 * <p>The dataset's labels never reach the platform: every session gets an opaque id, {@code s<n>} by its place
 * in date order, and every turn {@code s<n>:<i>} (its place in the session, from 1). Only the evidence ids are
 * derived from {@code has_answer} and {@code answer_session_ids}. Keeping a session's own id would not do: the
 * evidence sessions are the ones named {@code answer_...}, and giving only those another name would mark them
 * as well.
 *
 * @param questionsInFile questions in the file
 * @param questionsRead questions read, the first ones of the file (all unless limited)
 * @param abstentionNotScored abstention questions among those read
 * @param skippedWithoutEvidence questions read left without an evidence turn or session
 * @param blankTurnsNotSent turns without content: the API refuses them, so they are neither sent nor evidence
 */
public record LongMemEvalDataset(
        List<Conversation> haystacks,
        List<LongMemEvalQuestion> questions,
        int questionsInFile,
        int questionsRead,
        int abstentionNotScored,
        int skippedWithoutEvidence,
        int blankTurnsNotSent) {

    static final String ABSTENTION_SUFFIX = "_abs";

    public LongMemEvalDataset {
        haystacks = List.copyOf(haystacks);
        questions = List.copyOf(questions);
    }

    /** Reads the first {@code limit} questions of a file ({@link Integer#MAX_VALUE} for all). */
    public static LongMemEvalDataset load(Path file, int limit) {
        try {
            return parse(new ObjectMapper().readTree(file.toFile()), limit);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the LongMemEval file " + file, e);
        }
    }

    public static LongMemEvalDataset parse(JsonNode root, int limit) {
        if (!root.isArray()) {
            throw new IllegalArgumentException("a LongMemEval file is a JSON array of questions");
        }
        List<Conversation> haystacks = new ArrayList<>();
        List<LongMemEvalQuestion> questions = new ArrayList<>();
        int read = 0;
        int abstention = 0;
        int withoutEvidence = 0;
        int blankTurns = 0;
        for (JsonNode item : root) {
            if (read == limit) {
                break;
            }
            read++;
            String questionId = item.path("question_id").asText();
            if (questionId.endsWith(ABSTENTION_SUFFIX)) {
                abstention++;
                continue;
            }
            Haystack haystack = haystack(questionId, item);
            if (haystack.evidenceTurns().isEmpty()
                    || haystack.evidenceSessions().isEmpty()) {
                withoutEvidence++;
                continue;
            }
            blankTurns += haystack.blankTurns();
            haystacks.add(haystack.conversation());
            questions.add(new LongMemEvalQuestion(
                    questionId,
                    item.path("question_type").asText(),
                    item.path("question").asText(),
                    haystack.evidenceTurns(),
                    haystack.evidenceSessions()));
        }
        return new LongMemEvalDataset(haystacks, questions, root.size(), read, abstention, withoutEvidence, blankTurns);
    }

    /** A question's sessions as memory sessions, with its evidence under the ids the platform sees. */
    private record Haystack(
            Conversation conversation, List<String> evidenceTurns, List<String> evidenceSessions, int blankTurns) {}

    private static Haystack haystack(String questionId, JsonNode item) {
        JsonNode ids = item.path("haystack_session_ids");
        JsonNode dates = item.path("haystack_dates");
        JsonNode sessions = item.path("haystack_sessions");
        if (!sessions.isArray() || ids.size() != sessions.size() || dates.size() != sessions.size()) {
            throw new IllegalArgumentException("question " + questionId
                    + ": haystack_session_ids, haystack_dates and haystack_sessions must be lists of one length");
        }
        List<OffsetDateTime> startedAt = new ArrayList<>();
        dates.forEach(date -> startedAt.add(LongMemEvalDates.parseSessionDate(date.asText())));
        // Sessions are added in date order; the sort is stable, so sessions of one date keep the file's order.
        List<Integer> byDate = IntStream.range(0, sessions.size())
                .boxed()
                .sorted(Comparator.comparing(startedAt::get))
                .toList();
        Set<String> answerSessionIds = new HashSet<>();
        item.path("answer_session_ids").forEach(id -> answerSessionIds.add(id.asText()));

        List<Session> memorySessions = new ArrayList<>();
        Set<String> evidenceTurns = new LinkedHashSet<>();
        Set<String> evidenceSessions = new LinkedHashSet<>();
        int blankTurns = 0;
        for (int position = 0; position < byDate.size(); position++) {
            int index = byDate.get(position);
            int number = position + 1;
            String sessionId = "s" + number;
            if (answerSessionIds.contains(ids.get(index).asText())) {
                evidenceSessions.add(sessionId);
            }
            List<Turn> turns = new ArrayList<>();
            JsonNode source = sessions.get(index);
            for (int i = 0; i < source.size(); i++) {
                JsonNode turn = source.get(i);
                String content = turn.path("content").asText("");
                if (content.isBlank()) {
                    blankTurns++;
                    continue;
                }
                String turnId = sessionId + ":" + (i + 1);
                turns.add(new Turn(turnId, turn.path("role").asText(), content, null));
                if (turn.path("has_answer").asBoolean(false)) {
                    evidenceTurns.add(turnId);
                }
            }
            memorySessions.add(new Session(questionId, number, sessionId, startedAt.get(index), turns));
        }
        return new Haystack(
                new Conversation(questionId, memorySessions),
                List.copyOf(evidenceTurns),
                List.copyOf(evidenceSessions),
                blankTurns);
    }

    /** The questions as the retrievers take them. */
    public List<Question> queries() {
        return questions.stream().map(LongMemEvalQuestion::query).toList();
    }

    public int sessionCount() {
        return haystacks.stream().mapToInt(h -> h.sessions().size()).sum();
    }

    public int turnCount() {
        return haystacks.stream().mapToInt(h -> h.turns().size()).sum();
    }
}
