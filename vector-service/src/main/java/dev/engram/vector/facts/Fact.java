package dev.engram.vector.facts;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

/**
 * An atomic fact: one statement of an episode made self-contained, with the people in it, its keywords and
 * the time it is about. Facts are derived from episodes, so they are rebuilt with the index.
 *
 * @param factId unique within the user: the episode id and the position of the statement in it
 * @param ordinal the statement's position among the units of its episode, which orders facts within a turn
 * @param timestamp when the episode was said; null when unknown
 * @param from the first day the fact is about: the day a relative expression in it resolves to, else the day
 *     it was said; null when neither is known
 * @param to the last day the fact is about, like {@code from}
 * @param keywords stemmed content words and named entities, in the order they appear, without repeats
 * @param evidence the episodes the fact rests on, its own ({@code episodeId}) first: a fact written by the LLM
 *     may merge what several turns said, and goes with any of them when it is deleted
 * @param evidenceSessions the session of each evidence episode, in the same order, for the same reason
 * @param event the name the LLM gave the happening the fact belongs to; empty for facts derived by the rules,
 *     which are grouped into events by their words
 */
public record Fact(
        String factId,
        String episodeId,
        String sessionId,
        int ordinal,
        Instant timestamp,
        String text,
        List<String> participants,
        List<String> keywords,
        LocalDate from,
        LocalDate to,
        List<String> evidence,
        List<String> evidenceSessions,
        String event) {

    public Fact {
        participants = List.copyOf(participants);
        keywords = List.copyOf(keywords);
        evidence = List.copyOf(evidence);
        evidenceSessions = List.copyOf(evidenceSessions);
        if (evidence.size() != evidenceSessions.size()) {
            throw new IllegalArgumentException("every evidence episode needs its session");
        }
    }

    /** A fact stated by one unit of one episode, as the rules derive it. */
    public Fact(
            String factId,
            String episodeId,
            String sessionId,
            int ordinal,
            Instant timestamp,
            String text,
            List<String> participants,
            List<String> keywords,
            LocalDate from,
            LocalDate to) {
        this(
                factId,
                episodeId,
                sessionId,
                ordinal,
                timestamp,
                text,
                participants,
                keywords,
                from,
                to,
                List.of(episodeId),
                List.of(sessionId),
                "");
    }

    /** The fact of the unit at {@code ordinal} of an episode; the units and facts of an episode share ordinals. */
    public static String idOf(String episodeId, int ordinal) {
        return episodeId + "#f" + ordinal;
    }

    /**
     * The id of the {@code n}th fact the LLM wrote into {@code episodeId}; apart from the ids of units' facts,
     * so that a unit never stands for a fact the LLM wrote.
     */
    public static String writtenId(String episodeId, int n) {
        return episodeId + "#w" + n;
    }

    /** The id of the fact a unit of an episode states, from the unit's id ({@code episode#ordinal}). */
    public static String idOfUnit(String unitId) {
        int hash = unitId.lastIndexOf('#');
        return unitId.substring(0, hash) + "#f" + unitId.substring(hash + 1);
    }
}
