package dev.engram.vector.facts;

import dev.engram.text.RelativeDates;
import dev.engram.text.RelativeDates.Mention;
import dev.engram.vector.model.SourceEpisode;
import dev.engram.vector.model.UnitKind;
import dev.engram.vector.model.UnitText;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Derives the atomic facts of an episode without a model: each sentence (and each attachment description)
 * becomes one fact, with first and second person replaced by the names of the speaker and the addressee,
 * relative time expressions followed by the dates they mean, the people involved and the keywords.
 */
public final class FactDeriver {

    /** The facts of {@code episode}, one per sentence or caption unit among {@code units}, sharing its ordinal. */
    public List<Fact> derive(SourceEpisode episode, List<UnitText> units) {
        LocalDate said = episode.timestamp() == null
                ? null
                : episode.timestamp().atOffset(ZoneOffset.UTC).toLocalDate();
        String speaker = episode.producer();
        String addressee = episode.producedFor();
        String prefix = speaker.isEmpty() ? "" : speaker + ": ";
        List<Fact> facts = new ArrayList<>();
        for (UnitText unit : units) {
            if (unit.kind() == UnitKind.TURN) {
                continue;
            }
            String statement = unit.kind() == UnitKind.SENTENCE && unit.text().startsWith(prefix)
                    ? unit.text().substring(prefix.length())
                    : unit.text();
            facts.add(fact(episode, unit, statement, said, speaker, addressee));
        }
        return facts;
    }

    private static Fact fact(
            SourceEpisode episode, UnitText unit, String statement, LocalDate said, String speaker, String addressee) {
        String resolved = PersonResolution.resolve(statement, speaker, addressee);
        LocalDate from = said;
        LocalDate to = said;
        if (said != null) {
            List<Mention> mentions = RelativeDates.find(resolved, said);
            if (!mentions.isEmpty()) {
                from = mentions.get(0).from();
                to = mentions.get(0).to();
                resolved = RelativeDates.annotate(resolved, said);
            }
        }
        // A statement that does not name its speaker first ("That sounds great!") is still someone's.
        String text = speaker.isEmpty() || resolved.startsWith(speaker) ? resolved : speaker + ": " + resolved;
        List<String> participants = Participants.of(statement, speaker, addressee);
        Set<String> people = new HashSet<>(List.of(speaker, addressee));
        int ordinal = ordinal(unit.unitId());
        return new Fact(
                Fact.idOf(episode.episodeId(), ordinal),
                episode.episodeId(),
                episode.sessionId(),
                ordinal,
                episode.timestamp(),
                text,
                participants,
                Keywords.of(resolved, people),
                from,
                to);
    }

    private static int ordinal(String unitId) {
        return Integer.parseInt(unitId.substring(unitId.lastIndexOf('#') + 1));
    }
}
