package dev.engram.vector.graph;

import dev.engram.vector.facts.Fact;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Groups the facts of one session into events without a model: a run of consecutive facts about the same
 * happening, recognised by the words they share. A fact joins the current event when it shares a keyword
 * and a participant with the event's last few facts (in a conversation of two, the participants are
 * always shared, so the words decide), or was said in the same turn as the last one; otherwise, or when the event
 * is full, it starts a new one. Facts the LLM wrote carry the name of their event instead, and facts named
 * alike in a row form one.
 */
final class EventGrouping {

    /** How many of an event's latest facts a newcomer is compared with: the topic drifts within an event. */
    static final int RECENT_FACTS = 3;

    private EventGrouping() {}

    /**
     * The event of each fact of a session, as numbers counting up from {@code firstEvent}.
     *
     * @param session the session's facts in the order they were said
     */
    static int[] group(List<Fact> session, int firstEvent, int maxFacts) {
        int[] events = new int[session.size()];
        int event = firstEvent;
        int size = 0;
        for (int i = 0; i < session.size(); i++) {
            boolean joins =
                    i > 0 && size < maxFacts && (named(session, i) ? sameName(session, i) : byRules(session, i, size));
            if (i > 0 && !joins) {
                event++;
                size = 0;
            }
            events[i] = event;
            size++;
        }
        return events;
    }

    /** Facts the LLM placed in a named event stay with the facts it named alike, whatever their words. */
    private static boolean named(List<Fact> session, int i) {
        return !session.get(i).event().isEmpty() || !session.get(i - 1).event().isEmpty();
    }

    private static boolean sameName(List<Fact> session, int i) {
        return session.get(i).event().equals(session.get(i - 1).event());
    }

    private static boolean byRules(List<Fact> session, int i, int eventSize) {
        return sameTurn(session, i) || sharesParticipantAndKeyword(session, i, eventSize);
    }

    private static boolean sameTurn(List<Fact> session, int i) {
        return session.get(i).episodeId().equals(session.get(i - 1).episodeId());
    }

    private static boolean sharesParticipantAndKeyword(List<Fact> session, int i, int eventSize) {
        Set<String> keywords = new HashSet<>();
        Set<String> people = new HashSet<>();
        for (int j = Math.max(i - Math.min(eventSize, RECENT_FACTS), 0); j < i; j++) {
            keywords.addAll(session.get(j).keywords());
            people.addAll(session.get(j).participants());
        }
        Fact fact = session.get(i);
        return fact.participants().stream().anyMatch(people::contains)
                && fact.keywords().stream().anyMatch(keywords::contains);
    }
}
