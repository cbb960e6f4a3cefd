package dev.engram.retrieval.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** The retrieval agent: how far the split and chain strategies go, and what they may spend on the LLM. */
@ConfigMapping(prefix = "engram.retrieval.agent")
public interface AgentConfig {

    /** Most sub-queries a split search runs besides the question itself. */
    @WithDefault("6")
    int maxSubQueries();

    /** The chain strategy. */
    Chain chain();

    /** Limits on LLM use by searches. */
    Llm llm();

    interface Chain {

        /** Most rounds of search, the first included. */
        @WithDefault("3")
        int maxRounds();

        /** Confidence at which the LLM's "sufficient" ends the chain early. */
        @WithDefault("0.8")
        double sufficientConfidence();

        /**
         * Whether the chain's search of the question itself is fused with the segment trees' ranking for it (as
         * {@code mode: segtree} fuses them), so that every later round starts from that.
         */
        @WithDefault("false")
        boolean questionTree();

        /** Best new nuclei of a round read as its evidence. */
        @WithDefault("5")
        int evidencePerRound();

        /** Terms taken from a round's evidence into the next query, when no LLM writes it. */
        @WithDefault("4")
        int feedbackTerms();

        /**
         * What a feedback round (the question plus terms from evidence) ranks by meaning: the expanded text,
         * embedded anew; or the question itself, whose embedding the first round made, so that only BM25 sees the
         * added terms and no further query is embedded (faster, with a lower recall on LongMemEval's word budget;
         * see the benchmarks).
         */
        @WithDefault("expanded")
        FeedbackMeaning feedbackMeaning();

        /**
         * Users whose speakers this replica remembers, so that the person hop of their next chain runs
         * alongside its first round; the least recently searched are forgotten first; 0 remembers none.
         */
        @WithDefault("10000")
        int knownSpeakersUsers();

        /** How long a user's speakers are remembered after their last chain search. */
        @WithDefault("10m")
        Duration knownSpeakersTtl();
    }

    /** What a feedback round's ranking by meaning embeds. */
    enum FeedbackMeaning {
        QUESTION,
        EXPANDED
    }

    interface Llm {

        /** LLM calls one search may make; past it the search goes on with the rule-based paths. */
        @WithDefault("5")
        int callsPerSearch();

        /**
         * LLM calls per minute per project, over all searches in this process. How long a call may take
         * and how often it is tried: {@code engram.clients.llm.*}.
         */
        @WithDefault("600")
        int callsPerMinute();
    }
}
