package dev.engram.bench;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** One LoCoMo sample: a long two-person conversation, which becomes one memory user. */
public final class Conversation {

    private final String sampleId;
    private final List<Session> sessions;
    private final Map<String, Turn> turnsById;

    public Conversation(String sampleId, List<Session> sessions) {
        this.sampleId = sampleId;
        this.sessions = List.copyOf(sessions);
        Map<String, Turn> byId = new LinkedHashMap<>();
        for (Session session : this.sessions) {
            for (Turn turn : session.turns()) {
                byId.putIfAbsent(turn.diaId(), turn);
            }
        }
        this.turnsById = Collections.unmodifiableMap(byId);
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

    public Set<String> turnIds() {
        return turnsById.keySet();
    }
}
