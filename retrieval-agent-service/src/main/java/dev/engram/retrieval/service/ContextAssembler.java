package dev.engram.retrieval.service;

import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.ShortTermMemory;
import dev.engram.retrieval.model.EpisodeCluster;
import dev.engram.text.RelativeDates;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Writes memory as prompt-ready text: the session's short-term memory first when there is one (the
 * summary of what fell out of its window, then its recent episodes), then the clusters best first,
 * each in chronological order, one line per episode ({@code [yyyy-MM-dd HH:mm] Producer: content},
 * UTC), a blank line between blocks. Dates and speakers are shown because questions about memory
 * are so often "when" and "who"; for the same reason a relative time expression is followed by the
 * date it meant when it was said ({@code … yesterday (2023-05-07) …}), so that a reader need not work
 * it out from the line's date.
 */
@ApplicationScoped
public class ContextAssembler {

    private static final DateTimeFormatter MINUTE =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneOffset.UTC);
    private static final String BLOCK_SEPARATOR = "\n\n";
    static final String SUMMARY_PREFIX = "Earlier in this session: ";

    /** The clusters alone; see {@link #assemble(Optional, List, int)}. */
    public String assemble(List<EpisodeCluster> clusters, int maxTokens) {
        return assemble(Optional.empty(), clusters, maxTokens);
    }

    /**
     * The text of as many whole blocks as fit in {@code maxTokens} (see {@link TokenEstimate}).
     * Adding stops at the first block that does not fit, so relevance order is never broken to fill
     * the budget. A first block that alone is too big is cut after its last whole line that fits.
     */
    public String assemble(Optional<ShortTermMemory> shortTerm, List<EpisodeCluster> clusters, int maxTokens) {
        List<List<String>> blocks = new ArrayList<>();
        shortTerm.ifPresent(memory -> {
            if (!memory.getSummary().isBlank()) {
                blocks.add(List.of(SUMMARY_PREFIX + memory.getSummary().strip()));
            }
            if (memory.getEpisodesCount() > 0) {
                blocks.add(memory.getEpisodesList().stream()
                        .map(ContextAssembler::line)
                        .toList());
            }
        });
        clusters.forEach(cluster -> blocks.add(
                cluster.episodes().stream().map(ContextAssembler::line).toList()));

        StringBuilder text = new StringBuilder();
        for (List<String> lines : blocks) {
            String block = String.join("\n", lines);
            String separator = text.isEmpty() ? "" : BLOCK_SEPARATOR;
            if (TokenEstimate.of(text + separator + block) <= maxTokens) {
                text.append(separator).append(block);
                continue;
            }
            if (text.isEmpty()) {
                appendWholeLines(text, lines, maxTokens);
            }
            break;
        }
        return text.toString();
    }

    private static void appendWholeLines(StringBuilder text, List<String> lines, int maxTokens) {
        for (String line : lines) {
            String separator = text.isEmpty() ? "" : "\n";
            if (TokenEstimate.of(text + separator + line) > maxTokens) {
                return;
            }
            text.append(separator).append(line);
        }
    }

    static String line(Episode episode) {
        return "[" + when(episode) + "] " + speaker(episode) + ": " + content(episode);
    }

    private static String content(Episode episode) {
        if (!episode.hasTimestamp()) {
            return episode.getContent();
        }
        LocalDate said = Instant.ofEpochSecond(episode.getTimestamp().getSeconds())
                .atOffset(ZoneOffset.UTC)
                .toLocalDate();
        return RelativeDates.annotate(episode.getContent(), said);
    }

    private static String when(Episode episode) {
        if (!episode.hasTimestamp()) {
            return "undated";
        }
        return MINUTE.format(Instant.ofEpochSecond(
                episode.getTimestamp().getSeconds(), episode.getTimestamp().getNanos()));
    }

    /** Episodes without a producer still say who spoke when the role is known. */
    private static String speaker(Episode episode) {
        if (!episode.getProducer().isBlank()) {
            return episode.getProducer();
        }
        return episode.getRole().isBlank() ? "unknown" : episode.getRole();
    }
}
