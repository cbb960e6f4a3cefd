package dev.engram.ingest.shortterm;

import dev.engram.ingest.model.StoredEpisode;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** How an episode is named in a summary or a prompt: who said it, and when. */
final class EpisodeLabels {

    private EpisodeLabels() {}

    /** The producer, else the role, else "someone": a line always names a speaker. */
    static String speaker(StoredEpisode episode) {
        if (episode.producer != null && !episode.producer.isBlank()) {
            return episode.producer.strip();
        }
        if (episode.role != null && !episode.role.isBlank()) {
            return episode.role.strip();
        }
        return "someone";
    }

    /** The day in UTC, e.g. {@code 2023-05-08}. */
    static String day(StoredEpisode episode) {
        return DateTimeFormatter.ISO_LOCAL_DATE.format(episode.ts.atOffset(ZoneOffset.UTC));
    }

    /** The instant, e.g. {@code 2023-05-08T13:56:00Z}. */
    static String time(StoredEpisode episode) {
        return DateTimeFormatter.ISO_INSTANT.format(episode.ts);
    }
}
