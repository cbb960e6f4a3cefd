package dev.engram.vector.service;

import dev.engram.embedding.text.SentenceSplitter;
import dev.engram.vector.config.VectorConfig;
import dev.engram.vector.model.SourceEpisode;
import dev.engram.vector.model.UnitKind;
import dev.engram.vector.model.UnitText;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Decides which units of an episode are indexed: the whole turn for BM25, and each sentence and each
 * image caption as an embedded unit of its own. Every text carries the speaker, because questions name
 * people ("what did Caroline adopt?") and a bare sentence like "I adopted him last week" does not.
 */
@ApplicationScoped
public class EpisodeUnitSplitter {

    /** Inline attachment descriptions as chat exports write them: {@code [image: a dog on a beach]}. */
    private static final Pattern INLINE_IMAGE = Pattern.compile("\\[image:\\s*([^\\]]*)]");

    private final SentenceSplitter sentences;
    private final Set<String> captionKeys;
    private final boolean embedTurns;

    @Inject
    EpisodeUnitSplitter(VectorConfig config) {
        this(
                new SentenceSplitter(),
                config.units().captionMetadataKeys(),
                config.units().embedTurns());
    }

    public EpisodeUnitSplitter(SentenceSplitter sentences, Set<String> captionKeys, boolean embedTurns) {
        this.sentences = sentences;
        this.captionKeys = Set.copyOf(captionKeys);
        this.embedTurns = embedTurns;
    }

    public List<UnitText> split(SourceEpisode episode) {
        String speaker = episode.producer().isEmpty() ? "" : episode.producer() + ": ";
        List<String> captions = new ArrayList<>();
        Matcher images = INLINE_IMAGE.matcher(episode.content());
        while (images.find()) {
            captions.add(images.group(1).trim());
        }
        for (String key : captionKeys) {
            String caption = episode.metadata().get(key);
            if (caption != null && !caption.isBlank() && !captions.contains(caption.trim())) {
                captions.add(caption.trim());
            }
        }
        String spoken = INLINE_IMAGE.matcher(episode.content()).replaceAll(" ").trim();
        List<String> said = sentences.split(spoken);

        List<UnitText> units = new ArrayList<>();
        // Embedding the turn as well as its only sentence would add nothing but cost.
        boolean turnEmbedded = embedTurns && said.size() > 1;
        units.add(
                new UnitText(unitId(episode.episodeId(), 0), UnitKind.TURN, speaker + episode.content(), turnEmbedded));
        for (String sentence : said) {
            units.add(new UnitText(
                    unitId(episode.episodeId(), units.size()), UnitKind.SENTENCE, speaker + sentence, true));
        }
        for (String caption : captions) {
            if (!caption.isEmpty()) {
                String text = (episode.producer().isEmpty() ? "An image: " : episode.producer() + " shared an image: ")
                        + caption;
                units.add(new UnitText(unitId(episode.episodeId(), units.size()), UnitKind.CAPTION, text, true));
            }
        }
        return units;
    }

    private static String unitId(String episodeId, int ordinal) {
        return episodeId + "#" + ordinal;
    }
}
