package dev.engram.vector.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
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

    /**
     * Where units live: {@code lucene}, the embedded index under {@link #indexDir()}, or {@code qdrant}, a
     * Qdrant server (see {@link #qdrant()}) that several replicas of the service can share.
     */
    @WithDefault("lucene")
    StoreKind store();

    /** The Qdrant server, read only when {@link #store()} is {@code qdrant}. */
    Qdrant qdrant();

    /** Hybrid search tuning. */
    Search search();

    enum StoreKind {
        LUCENE,
        QDRANT
    }

    interface Qdrant {

        /** Host of Qdrant's gRPC endpoint. */
        @WithDefault("127.0.0.1")
        String host();

        /** Port of Qdrant's gRPC endpoint (not the REST port 6333). */
        @WithDefault("6334")
        int port();

        /** API key sent with every call; absent for a server without authentication. */
        Optional<String> apiKey();

        /** Whether to connect with TLS; an API key should only travel over TLS outside a private network. */
        @WithDefault("false")
        boolean useTls();

        /**
         * Start of the collection names. Each embedding model gets its own collection, named from this
         * prefix, the model and the point layout version: vectors of different models are not comparable.
         */
        @WithDefault("engram-units")
        String collectionPrefix();

        /** Points sent per upsert request; an episode's units always travel in the same request. */
        @WithDefault("256")
        int upsertBatchSize();
    }

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

    /** The fact layer and graph recall ({@code mode: graph}). */
    Graph graph();

    interface Graph {

        /** Derive atomic facts from every indexed episode; without them a graph search answers like a direct one. */
        @WithDefault("true")
        boolean facts();

        /** Share of a walk step that follows shared keywords (entity edges). */
        @WithDefault("1.0")
        double entityWeight();

        /**
         * Share of a walk step that stays within the fact's event (event edges). Off by default: on both dev
         * sets, event and temporal edges pulled the walk towards the seeds' own surroundings, which the
         * clusters show anyway, and lowered recall (docs/benchmarks.md).
         */
        @WithDefault("0")
        double eventWeight();

        /** Share of a walk step that moves to a nearby statement of the session (temporal edges); see above. */
        @WithDefault("0")
        double temporalWeight();

        /** How many statements away in a session a temporal edge reaches. */
        @WithDefault("2")
        int temporalWindow();

        /** Weight of a temporal edge one statement further away, relative to the nearer one. */
        @WithDefault("0.5")
        double temporalDecay();

        /** The most facts an event holds; the next fact starts a new event. */
        @WithDefault("12")
        int eventMaxFacts();

        /** Probability of jumping back to the seeds at each step of the walk. */
        @WithDefault("0.3")
        double restart();

        /** Power iterations of the walk. */
        @WithDefault("20")
        int iterations();

        /** Primary hits that seed the walk. */
        @WithDefault("10")
        int seeds();

        /**
         * Whether the walk's ranking includes the seeds, or only the facts it reached beyond them (which then
         * lead that ranking when it is fused with another).
         */
        @WithDefault("true")
        boolean answerSeeds();

        /**
         * Users whose graphs are held in memory; others are rebuilt from the index when searched. A held graph
         * keeps its facts, about a kilobyte each: a user of 3,000 facts takes some 3 MB.
         */
        @WithDefault("64")
        int heldUsers();

        /** How the LLM writes facts, when {@code engram.llm.enabled} is on. */
        LlmFacts llm();
    }

    /** Segment trees over each session and their search (SegTreeMem). */
    SegTree segtree();

    /** Memory reconstruction (mode reconstruct): the heuristic navigator over the cue-tag-content graph. */
    Reconstruct reconstruct();

    interface Reconstruct {

        /** Open steps before the navigator stops, whatever they still add. */
        @WithDefault("4")
        int maxSteps();

        /** Contents one step opens. */
        @WithDefault("6")
        int openPerStep();

        /** How much more a content weighs when its tag is a relation the question names (1: twice as much). */
        @WithDefault("1.0")
        double tagBonus();

        /** Weight of a cue reached through an opened content, relative to that content's evidence. */
        @WithDefault("0.5")
        double followDecay();

        /** Weight the rest of an opened content's event gets as candidates, shared among them. */
        @WithDefault("0.3")
        double topicWeight();

        /** A step whose best new content has less evidence than this share of the best so far ends the navigation. */
        @WithDefault("0.1")
        double minGain();

        /** Cues leading to more contents than this are too common to follow from a content. */
        @WithDefault("50")
        int maxCueSpread();
    }

    interface SegTree {

        /**
         * The cosine similarity a new episode needs with a node on the tree's rightmost frontier to join it;
         * below it for every frontier node, the episode opens a new root.
         */
        @WithDefault("0.4")
        double threshold();

        /** H, the steps relevance is propagated along the tree. */
        @WithDefault("2")
        int steps();

        /** α, the weight of what one step brings from a parent or a child. */
        @WithDefault("0.5")
        double decay();

        /** Whether a node passes its score down to its children (a relevant topic refines to its episodes). */
        @WithDefault("true")
        boolean topDown();

        /**
         * Whether a node takes up its best child's score (a precise hit widens to its topic). Off by default:
         * measured, it lowered recall on both dev sets (docs/benchmarks.md).
         */
        @WithDefault("false")
        boolean bottomUp();

        /**
         * Whether trees built from the index insert each session's episodes in the order said; {@code false}
         * inserts them in an arbitrary fixed order, an ablation that shows what the trees owe to time.
         */
        @WithDefault("true")
        boolean timeOrder();

        /** Users whose trees are held in memory; others are built again from the index when searched. */
        @WithDefault("64")
        int heldUsers();

        /**
         * The user's segment summaries (written by the LLM) closest to the query, by meaning and by words fused,
         * whose nodes a search scores by their summary as well as by their mean embedding.
         */
        @WithDefault("20")
        int summaryHits();

        /** How the LLM summarizes segments, when {@code engram.llm.enabled} is on. */
        SegmentSummaries llm();
    }

    interface SegmentSummaries {

        /** Whether the LLM summarizes segments when it is enabled; off leaves the trees to mean embeddings. */
        @WithDefault("true")
        boolean enabled();

        /** The fewest episodes a node covers to be summarized: below it, the episodes say it well enough. */
        @WithDefault("3")
        int minEpisodes();

        /** Characters of each message shown to the LLM; a session's messages share at most 24,000 in all. */
        @WithDefault("400")
        int messageChars();

        /**
         * Sessions waiting for the LLM; when it cannot keep up, a session beyond this keeps the summaries it has
         * (ingest never waits for the LLM) and is summarized at its next write.
         */
        @WithDefault("1000")
        int queue();
    }

    interface LlmFacts {

        /** Whether the LLM writes the facts when it is enabled; off leaves the LLM to the other services. */
        @WithDefault("true")
        boolean enabled();

        /** Known facts shown to the LLM beside new messages, so that it can update or skip instead of adding. */
        @WithDefault("8")
        int candidates();

        /** Weight of the cosine similarity in a candidate's score ({@code α·cos + β·Jaccard(keywords)}). */
        @WithDefault("0.7")
        double cosineWeight();

        /** Weight of the keywords' Jaccard similarity in a candidate's score. */
        @WithDefault("0.3")
        double keywordWeight();

        /** Messages of one session given to the LLM in one call; a larger batch is split. */
        @WithDefault("20")
        int messagesPerCall();

        /**
         * Batches waiting for the LLM; when it cannot keep up, a batch beyond this keeps the facts of the rules
         * (ingest never waits for the LLM).
         */
        @WithDefault("1000")
        int queue();
    }

    interface Embedding {

        /**
         * Which model embeds units and queries: {@code all-minilm-l6-v2}, its 8-bit quantized {@code
         * all-minilm-l6-v2-q}, or {@code bge-small-en-v1.5}.
         */
        @WithDefault("all-minilm-l6-v2")
        String model();

        /**
         * ONNX Runtime's threads inside one model run; unset means one per core. Fewer leave cores to searches
         * and the other services while episodes are indexed, at the price of slower indexing on an idle machine.
         */
        Optional<Integer> threads();

        /**
         * Texts per model run when a delivery is indexed; unset means 32. Batches of sentences sorted by length
         * cost far less CPU per sentence than one run each; a query is always a run of its own, and so is every text
         * of a model whose vectors would depend on their batch-mates ({@code all-minilm-l6-v2-q}).
         */
        Optional<Integer> batchSize();

        /**
         * The longest indexing waits, before each model run, for the searches in flight to finish. Searches then
         * keep the cores they need while episodes arrive; a delivery's pauses never add up to more than its own
         * work, so under searches without pause indexing still gets half the time. {@code 0} lets indexing run
         * beside searches.
         */
        @WithDefault("50ms")
        Duration searchPause();
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
         * mediocre outrank one that either ranks first. Measured over 1, 3, 5, 10 and 30 on both
         * benchmarks' dev sets, recall rose as k fell on both (docs/benchmarks.md): the first places of
         * either retriever are where its evidence is, so at 1 the fusion nearly alternates between the
         * two rankings, and an episode both rank highly still comes first.
         */
        @WithDefault("1")
        int rrfK();

        /**
         * Units the dense retriever fetches per candidate episode. An episode is ranked by its best
         * unit, and its other sentences often sit right behind it in the ranking.
         */
        @WithDefault("3")
        int unitsPerEpisode();
    }
}
