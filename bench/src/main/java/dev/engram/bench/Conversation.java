package dev.engram.bench;

import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What one memory user holds: a LoCoMo sample (a long two-person conversation) or the haystack of one
 * LongMemEval question.
 */
public final class Conversation {

    private final String sampleId;
    private final List<Session> sessions;
    private final Map<String, Turn> turnsById;
    private final Map<String, String> sessionIdsByTurn;

    public Conversation(String sampleId, List<Session> sessions) {
        this.sampleId = sampleId;
        this.sessions = List.copyOf(sessions);
        Map<String, Turn> byId = new LinkedHashMap<>();
        Map<String, String> sessionIds = new HashMap<>();
        for (Session session : this.sessions) {
            for (Turn turn : session.turns()) {
                byId.putIfAbsent(turn.diaId(), turn);
                sessionIds.putIfAbsent(turn.diaId(), session.id());
            }
        }
        this.turnsById = Collections.unmodifiableMap(byId);
        this.sessionIdsByTurn = Collections.unmodifiableMap(sessionIds);
    }

    public String sampleId() {
        return sampleId;
    }

    public List<Session> sessions() {
        return sessions;
    }

    /** Every turn of every session, in conversation order. */
    public List<Turn> turns() {
        return List.copyOf(turnsById.values());
    }

    public Optional<Turn> turn(String diaId) {
        return Optional.ofNullable(turnsById.get(diaId));
    }

    /** The memory session id of the session a turn belongs to. */
    public Optional<String> sessionIdOf(String diaId) {
        return Optional.ofNullable(sessionIdsByTurn.get(diaId));
    }

    public Set<String> turnIds() {
        return turnsById.keySet();
    }
}
