package dev.engram.vector.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.nio.file.Path;
import java.util.Set;

/** Every knob of the vector service. */
@ConfigMapping(prefix = "engram.vector")
public interface VectorConfig {

    /** The in-process embedding model. */
    Embedding embedding();

    /**
     * Directory of the embedded Lucene index. Each embedding model gets its own sub-directory, because
     * vectors of different models are not comparable: switching model starts a new index.
     */
    @WithDefault("data/vector")
    Path indexDir();

    /** Hybrid search tuning. */
    Search search();

    /** What is indexed of each episode. */
    Units units();

    interface Units {

        /**
         * Also embed a multi-sentence turn as a whole, besides its sentences. Off by default: on the
         * LoCoMo dev split it added embedding work and no recall.
         */
        @WithDefault("false")
        boolean embedTurns();

        /** Metadata keys whose values describe an attachment (an image caption); each becomes a unit. */
        @WithDefault("image_caption,blip_caption,caption")
        Set<String> captionMetadataKeys();
    }

    interface Embedding {

        /** Which model embeds units and queries: {@code all-minilm-l6-v2} or {@code bge-small-en-v1.5}. */
        @WithDefault("all-minilm-l6-v2")
        String model();
    }

    interface Search {

        /**
         * Hits each retriever (dense and BM25) contributes to fusion. At least the requested limit is
         * always fetched; over-fetching lets a unit ranked modestly by both retrievers rise above one
         * ranked well by a single retriever.
         */
        @WithDefault("100")
        int candidates();

        /**
         * The constant k of reciprocal-rank fusion: larger values flatten the advantage of top ranks.
         * With a hundred candidates per retriever, the customary 60 lets an episode that both rank
         * mediocre outrank one that either ranks first; 10 keeps strong single-retriever matches.
         */
        @WithDefault("10")
        int rrfK();

        /**
         * Units the dense retriever fetches per candidate episode. An episode is ranked by its best
         * unit, and its other sentences often sit right behind it in the ranking.
         */
        @WithDefault("3")
        int unitsPerEpisode();
    }
}
