package dev.engram.bench.importing;

import dev.engram.bench.Session;
import dev.engram.bench.Turn;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The turns of a benchmark session (LoCoMo, LongMemEval) as messages: one episode per turn, said a few
 * seconds apart from the session's start, each speaker speaking to the other in a conversation of two.
 */
public final class SessionMessages {

    /** Turns of a session share its start time; a small step keeps them in order and distinct. */
    public static final Duration TURN_SPACING = Duration.ofSeconds(5);

    private SessionMessages() {}

    /**
     * @param userId the memory user of the session's conversation
     * @param episodeId the episode id of a turn id
     */
    public static List<ChatMessage> of(Session session, String userId, UnaryOperator<String> episodeId) {
        return of(session, userId, session.id(), episodeId);
    }

    /** As {@link #of(Session, String, UnaryOperator)}, under another session id. */
    public static List<ChatMessage> of(
            Session session, String userId, String sessionId, UnaryOperator<String> episodeId) {
        List<Turn> turns = session.turns();
        List<String> speakers = turns.stream().map(Turn::speaker).distinct().toList();
        List<ChatMessage> messages = new ArrayList<>(turns.size());
        for (int i = 0; i < turns.size(); i++) {
            Turn turn = turns.get(i);
            // In a conversation of two, each speaks to the other, as an agent recording a chat would say.
            String to = speakers.size() == 2 ? speakers.get(speakers.indexOf(turn.speaker()) == 0 ? 1 : 0) : null;
            messages.add(new ChatMessage(
                    userId,
                    sessionId,
                    episodeId.apply(turn.diaId()),
                    turn.speaker(),
                    to,
                    null,
                    turn.content(),
                    session.startedAt().plus(TURN_SPACING.multipliedBy(i)),
                    Map.of("dia_id", turn.diaId())));
        }
        return messages;
    }
}
