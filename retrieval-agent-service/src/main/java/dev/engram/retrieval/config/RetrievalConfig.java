package dev.engram.retrieval.config;

import dev.engram.retrieval.model.NeighbourPolicy;
import dev.engram.retrieval.model.SearchMode;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.util.List;

/** Knobs of the search pipeline. */
@ConfigMapping(prefix = "engram.retrieval")
public interface RetrievalConfig {

    /**
     * Vector hits fetched per requested cluster. Several hits usually land in the same episode or
     * in neighbouring episodes that end up in one cluster, so fetching exactly {@code top_k} hits
     * would leave fewer than {@code top_k} clusters.
     */
    @WithDefault("5")
    int overFetchFactor();

    /** Upper bound on the vector hits fetched for one search, whatever {@code top_k} asks for. */
    @WithDefault("500")
    int maxVectorHits();

    /**
     * Nuclei widened to their neighbourhoods per requested cluster. Clusters are filled best
     * nucleus first and rarely need more than a few per cluster; bounding this keeps a
     * {@code top_k} of 100 from pulling thousands of neighbours out of ingest-service.
     */
    @WithDefault("3")
    int contextFactor();

    /**
     * How large a cluster may grow by merging, in neighbourhoods: one nucleus with its neighbours
     * is one neighbourhood ({@code before + 1 + after} episodes). Neighbourhoods that meet merge until
     * the cluster would exceed this many; the next one starts a cluster of its own. One keeps a cluster
     * to the size of one neighbourhood: measured, two let stretches of long turns that were all hit
     * (an assistant's answers) fill the first places of an answer.
     */
    @WithDefault("1")
    int maxMergedWindows();

    /**
     * Which neighbours join a nucleus when a request does not say: {@code matching} keeps only those
     * the search hit too (measured: more distinct evidence per word read, see the README's Measuring
     * section), {@code all} every one within {@code before} and {@code after}.
     */
    @WithDefault("matching")
    NeighbourPolicy defaultNeighbours();

    /**
     * How much longer than its nucleus a matching neighbour may be, in estimated tokens, and still join it; the
     * nucleus counts as at least a short sentence, so that a nucleus of a word or two still gets its reply. A
     * neighbour is context for a hit: one many times longer than the hit itself (a long assistant answer next to
     * the user's one-line statement) takes the reader's budget and the answer's places without being what was
     * asked for. 0 lets neighbours of any length join.
     */
    @WithDefault("3")
    double neighbourLengthRatio();

    /** Clusters returned when a request leaves {@code top_k} unset. */
    @WithDefault("10")
    int defaultTopK();

    /** Token budget of the assembled context when a request leaves {@code max_context_tokens} unset. */
    @WithDefault("2000")
    int defaultMaxContextTokens();

    /** The strategy of a request that leaves {@code mode} unset: auto, direct, split or chain. */
    @WithDefault("auto")
    SearchMode defaultMode();

    /** Episodes of the same session before each nucleus when a request leaves {@code before} unset. */
    @WithDefault("1")
    int defaultBefore();

    /** Episodes of the same session after each nucleus when a request leaves {@code after} unset. */
    @WithDefault("2")
    int defaultAfter();

    /** The rerank stage. */
    Rerank rerank();

    /** Questions about how things stand now: the newest of the clusters that answer them about equally well first. */
    Latest latest();

    interface Latest {

        /** Whether questions about the present get their newest contender first. */
        @WithDefault("true")
        boolean enabled();

        /**
         * How far below the best cluster's similarity to the question a cluster may be and still count as
         * answering it about equally well (similarity is a cosine mapped to [0, 1]).
         */
        @WithDefault("0.05")
        double similarityMargin();
    }

    /** The relevance of a cluster: its similarity to the question, calibrated. */
    Relevance relevance();

    /** {@code mode: graph}. */
    Graph graph();

    interface Graph {

        /**
         * The rankings a graph search fuses: {@code facts} (the episodes of the facts the question hit),
         * {@code walk} (those the random walk ranks highest) and {@code direct} (the hybrid search of
         * {@code mode: direct}). Chosen by ablation over whole categories of both benchmarks
         * (docs/benchmarks.md).
         */
        @WithDefault("direct,direct,walk")
        List<GraphRanking> rankings();
    }

    /** {@code mode: segtree}. */
    SegTree segtree();

    interface SegTree {

        /**
         * The rankings a segment-tree search fuses: {@code tree} (the episodes ranked by propagation along the
         * trees) and {@code direct} (the hybrid search of {@code mode: direct}), in this order; a ranking named
         * twice counts twice. Chosen by ablation (docs/benchmarks.md).
         */
        @WithDefault("direct,tree")
        List<TreeRanking> rankings();
    }

    /** {@code mode: reconstruct}. */
    Reconstruct reconstruct();

    interface Reconstruct {

        /**
         * The rankings a reconstruction fuses: {@code reconstruct} (the episodes of the contents the navigator
         * opened, best evidence first), {@code direct} (the hybrid search of {@code mode: direct}) or {@code chain}
         * (every round of {@code mode: chain}, which then replaces the direct search), in this order; a ranking
         * named twice counts twice. The weight of each is chosen by ablation (docs/benchmarks.md).
         */
        @WithDefault("chain,chain,reconstruct")
        List<ReconstructRanking> rankings();

        /** The LLM navigator, which chooses the steps when the LLM is configured ({@code engram.llm.enabled}). */
        Navigator navigator();
    }

    /** How far the LLM navigator of a reconstruction may go. */
    interface Navigator {

        /** Whether the LLM navigates when it is configured; without it, vector-service's heuristic does. */
        @WithDefault("true")
        boolean llm();

        /** Steps the LLM chooses, one call each, under the search's LLM budget ({@code engram.retrieval.agent.llm}). */
        @WithDefault("4")
        int maxSteps();

        /** Actions one step may carry out; those past it are not. */
        @WithDefault("4")
        int actionsPerStep();

        /** Contents one action shows the LLM, best for the question first. */
        @WithDefault("8")
        int contentsPerAction();
    }

    /** A ranking a reconstruction can fuse. */
    enum ReconstructRanking {
        DIRECT,
        CHAIN,
        RECONSTRUCT
    }

    /** A ranking a segment-tree search can fuse. */
    enum TreeRanking {
        DIRECT,
        TREE
    }

    /** A ranking a graph search can fuse. */
    enum GraphRanking {
        DIRECT,
        FACTS,
        WALK
    }

    interface Relevance {

        /**
         * Slope and intercept of the logistic calibration {@code relevance = 1 / (1 + e^-(slope · similarity +
         * intercept))}, fitted by {@code bin/engram-bench} on the first 10 clusters (the default {@code top_k}) of
         * the dev questions of LoCoMo and LongMemEval, labelled by whether they hold evidence: a relevance is the
         * chance that such a cluster holds what was asked (see docs/benchmarks.md for the fit and its data).
         */
        @WithDefault("20.9")
        double slope();

        @WithDefault("-19.4")
        double intercept();

        /** {@code min_relevance} of a request that leaves it unset; 0 keeps every cluster. */
        @WithDefault("0")
        double defaultMin();
    }

    interface Rerank {

        /**
         * Rerankers applied when a request names none, fused by reciprocal rank: {@code rrf} (the
         * first-stage hybrid order), {@code bm25}, {@code time} (only for questions that name a
         * date), {@code embedding}, {@code cross-encoder} (only when a scoring model is configured).
         */
        @WithDefault("rrf,bm25,time")
        List<String> rerankers();

        /**
         * Candidate clusters built per requested cluster before reranking. More candidates give the
         * rerankers more to choose from, at the cost of a larger neighbourhood read.
         */
        @WithDefault("2")
        int depthFactor();

        /**
         * Rerankers that only help choose the first {@link #headSize()} clusters; below those, the
         * other chosen rerankers alone set the order (unless none of them scores the query, e.g. only
         * {@code time} was chosen besides and the question names no date); {@code none} lets every
         * reranker vote on the whole list. BM25 of a cluster's
         * text is sharp for the best few clusters, because it credits one whose turns together cover
         * the question, but deeper in the list it mostly lifts clusters that share common words with
         * it (measured: the same recall@10 and more recall within 1,000 words; see the README).
         */
        @WithDefault("bm25")
        List<String> headOnly();

        /** Clusters chosen by every reranker, head-only ones included, before the others take over; at least 1. */
        @WithDefault("4")
        int headSize();

        /** The constant k of the reciprocal-rank fusion of several rerankers' rankings. */
        @WithDefault("60")
        int rrfK();
    }
}
