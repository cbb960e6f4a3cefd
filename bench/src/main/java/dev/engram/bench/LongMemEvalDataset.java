package dev.engram.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * A LongMemEval file (the official format, e.g. {@code longmemeval_s.json}) read into one haystack per scored
 * question. Abstention questions ({@code question_id} ending in {@code _abs}) have no evidence and are not
 * scored, as by the official evaluation; their haystacks are kept apart, to be ingested and searched for the
 * relevance measurement only (questions that should find nothing relevant). A question left without an evidence
 * turn or session is left out.
 *
 * <p>The dataset's labels never reach the platform: every session gets an opaque id, {@code s<n>} by its place
 * in date order, and every turn {@code s<n>:<i>} (its place in the session, from 1). Only the evidence ids are
 * derived from {@code has_answer} and {@code answer_session_ids}. Keeping a session's own id would not do: the
 * evidence sessions are the ones named {@code answer_...}, and giving only those another name would mark them
 * as well.
 *
 * @param abstentionHaystacks the haystacks of the abstention questions read
 * @param abstention the abstention questions read, without evidence
 * @param questionsInFile questions in the file
 * @param questionsRead questions read (all unless limited; see {@link #parse(JsonNode, int, int)})
 * @param skippedWithoutEvidence questions read left without an evidence turn or session
 * @param blankTurnsNotSent turns without content: the API refuses them, so they are neither sent nor evidence
 */
public record LongMemEvalDataset(
        List<Conversation> haystacks,
        List<LongMemEvalQuestion> questions,
        List<Conversation> abstentionHaystacks,
        List<LongMemEvalQuestion> abstention,
        int questionsInFile,
        int questionsRead,
        int skippedWithoutEvidence,
        int blankTurnsNotSent) {

    static final String ABSTENTION_SUFFIX = "_abs";

    /** No abstention questions are picked: the questions read are the first ones of the file, of any kind. */
    public static final int IN_FILE_ORDER = -1;

    public LongMemEvalDataset {
        haystacks = List.copyOf(haystacks);
        questions = List.copyOf(questions);
        abstentionHaystacks = List.copyOf(abstentionHaystacks);
        abstention = List.copyOf(abstention);
    }

    /** Reads the first {@code limit} questions of a file ({@link Integer#MAX_VALUE} for all). */
    public static LongMemEvalDataset load(Path file, int limit) {
        return load(file, limit, IN_FILE_ORDER);
    }

    /** Reads the questions of a file that {@link #parse(JsonNode, int, int)} picks. */
    public static LongMemEvalDataset load(Path file, int limit, int abstention) {
        return load(file, limit, abstention, false);
    }

    /** Reads the questions of a file that {@link #parse(JsonNode, int, int, boolean)} picks. */
    public static LongMemEvalDataset load(Path file, int limit, int abstention, boolean spread) {
        try {
            return parse(new ObjectMapper().readTree(file.toFile()), limit, abstention, spread);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the LongMemEval file " + file, e);
        }
    }

    public static LongMemEvalDataset parse(JsonNode root, int limit) {
        return parse(root, limit, IN_FILE_ORDER);
    }

    /**
     * Reads {@code limit} questions ({@link Integer#MAX_VALUE} for all): with {@code abstention}
     * {@link #IN_FILE_ORDER} the first ones of the file; otherwise the first {@code abstention} abstention
     * questions of the file ({@link Integer#MAX_VALUE} for all of them) wherever they are, and as many of the
     * first other questions as make up the limit, in file order.
     */
    public static LongMemEvalDataset parse(JsonNode root, int limit, int abstention) {
        return parse(root, limit, abstention, false);
    }

    /**
     * As {@link #parse(JsonNode, int, int)}, except that with {@code spread} the questions other than abstention
     * ones are taken at even steps through the file instead of from its start.
     */
    public static LongMemEvalDataset parse(JsonNode root, int limit, int abstention, boolean spread) {
        if (!root.isArray()) {
            throw new IllegalArgumentException("a LongMemEval file is a JSON array of questions");
        }
        List<JsonNode> picked = pick(root, limit, abstention, spread);
        List<Conversation> haystacks = new ArrayList<>();
        List<LongMemEvalQuestion> questions = new ArrayList<>();
        List<Conversation> abstentionHaystacks = new ArrayList<>();
        List<LongMemEvalQuestion> abstentionQuestions = new ArrayList<>();
        int withoutEvidence = 0;
        int blankTurns = 0;
        for (JsonNode item : picked) {
            String questionId = item.path("question_id").asText();
            Haystack haystack = haystack(questionId, item);
            if (isAbstention(item)) {
                blankTurns += haystack.blankTurns();
                abstentionHaystacks.add(haystack.conversation());
                abstentionQuestions.add(new LongMemEvalQuestion(
                        questionId,
                        item.path("question_type").asText(),
                        item.path("question").asText(),
                        List.of(),
                        List.of()));
                continue;
            }
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
        return new LongMemEvalDataset(
                haystacks,
                questions,
                abstentionHaystacks,
                abstentionQuestions,
                root.size(),
                picked.size(),
                withoutEvidence,
                blankTurns);
    }

    private static boolean isAbstention(JsonNode item) {
        return item.path("question_id").asText().endsWith(ABSTENTION_SUFFIX);
    }

    private static List<JsonNode> pick(JsonNode root, int limit, int abstention, boolean spread) {
        if (abstention != IN_FILE_ORDER && abstention < 0) {
            throw new IllegalArgumentException("the abstention questions to pick must be 0 or more, was " + abstention);
        }
        List<JsonNode> picked = new ArrayList<>();
        if (abstention == IN_FILE_ORDER && !spread) {
            for (JsonNode item : root) {
                if (picked.size() == limit) {
                    break;
                }
                picked.add(item);
            }
            return picked;
        }
        int abstentionPicked = 0;
        List<JsonNode> others = new ArrayList<>();
        for (JsonNode item : root) {
            if (!isAbstention(item)) {
                others.add(item);
            } else if (abstentionPicked < abstention && abstentionPicked < limit) {
                abstentionPicked++;
            }
        }
        int wanted = limit == Integer.MAX_VALUE ? others.size() : Math.min(others.size(), limit - abstentionPicked);
        Set<JsonNode> chosen = Collections.newSetFromMap(new IdentityHashMap<>());
        chosen.addAll(spread ? evenlySpaced(others, wanted) : others.subList(0, wanted));
        int abstentionLeft = abstentionPicked;
        for (JsonNode item : root) {
            if (isAbstention(item)) {
                if (abstentionLeft > 0) {
                    picked.add(item);
                    abstentionLeft--;
                }
            } else if (chosen.contains(item)) {
                picked.add(item);
            }
        }
        return picked;
    }

    /**
     * {@code n} items at even steps through the list, each from the middle of its step. The file is grouped by
     * question type, so its first questions are of one or two types, while an even spread draws from every type
     * in proportion to its share.
     */
    static <T> List<T> evenlySpaced(List<T> items, int n) {
        List<T> spaced = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            spaced.add(items.get((int) (((2L * i + 1) * items.size()) / (2L * n))));
        }
        return spaced;
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

    /** Abstention questions read: ingested and searched for the relevance measurement, not scored. */
    public int abstentionNotScored() {
        return abstention.size();
    }

    public int sessionCount() {
        return haystacks.stream().mapToInt(h -> h.sessions().size()).sum();
    }

    public int turnCount() {
        return haystacks.stream().mapToInt(h -> h.turns().size()).sum();
    }
}
