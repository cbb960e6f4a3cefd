package dev.engram.vector.store;

import dev.engram.vector.facts.Fact;
import dev.engram.vector.model.EpisodeUnits;
import dev.engram.vector.model.FactReplacement;
import dev.engram.vector.model.UnitCounts;
import dev.engram.vector.model.UnitFilter;
import dev.engram.vector.model.UnitHit;
import dev.engram.vector.model.UnitQuery;
import dev.engram.vector.model.UnitSelection;
import dev.engram.vector.segtree.Leaf;
import dev.engram.vector.segtree.SegmentSummary;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where units and their vectors live. Implementations must be safe for concurrent use; the embedded
 * Lucene index is the default, a remote vector database can sit behind the same contract.
 */
public interface VectorStore extends AutoCloseable {

    /**
     * Replaces all units of each episode (keyed by project and episode id) with the given ones; an episode
     * listed twice keeps its last occurrence. Durable when it returns, and visible to the next search.
     */
    void index(List<EpisodeUnits> episodes);

    /**
     * Removes every unit the selection names; what is not there is no error, so a repeated call is harmless.
     * Durable when it returns, and the removed units are gone from the next search.
     */
    void delete(UnitSelection selection);

    /** What the store holds for one user in one project. */
    UnitCounts count(String project, String userId);

    /** Hybrid search, best first, never crossing the query's filter. */
    List<UnitHit> search(UnitQuery query);

    /**
     * The best similarity of {@code vector} to any embedded unit of each given episode of one user,
     * mapped from cosine into [0, 1]; unknown episodes and other users' are absent.
     */
    Map<String, Float> similarity(String project, String userId, Collection<String> episodeIds, float[] vector);

    /**
     * Replaces facts of one user at once (see {@link FactReplacement}); durable when it returns. A store that
     * keeps no facts ignores it.
     */
    void replaceFacts(FactReplacement replacement);

    /**
     * Every episode of one user with an embedded unit, as a leaf of its session's segment tree, in no particular
     * order; empty for a store that cannot read its vectors back.
     */
    List<Leaf> leaves(String project, String userId);

    /** The leaves of one session of a user, as {@link #leaves(String, String)} reads a user's. */
    List<Leaf> leaves(String project, String userId, String sessionId);

    /**
     * Writes segment summaries of one user and removes those named in {@code retiredIds}, at once; durable when
     * it returns. A summary is written only while every episode it covers is still here, so that a deleted
     * episode never comes back through one. A store that keeps no trees ignores it.
     */
    void replaceSummaries(String project, String userId, List<SegmentSummary> written, Collection<String> retiredIds);

    /** The segment summaries of one session of a user, in no particular order; empty for a store without trees. */
    List<SegmentSummary> summaries(String project, String userId, String sessionId);

    /**
     * The user's segment summaries closest to a query by meaning and by words, fused, best first, with their
     * vectors; within the filter's sessions (the summaries have no other filterable field).
     */
    List<SegmentSummary> searchSummaries(UnitFilter filter, String text, float[] vector, int limit);

    /**
     * The turns of the given episodes of one user (each hit's text is the whole message with its speaker), in no
     * particular order; unknown episodes are left out, and a store without trees has none to give.
     */
    List<UnitHit> turns(String project, String userId, Collection<String> episodeIds);

    /** Every fact of one user, in no particular order; empty for a store that keeps no facts. */
    List<Fact> facts(String project, String userId);

    /** The facts of one user named by id, in no particular order; unknown ids are left out. */
    List<Fact> facts(String project, String userId, Collection<String> factIds);

    /**
     * Hybrid search over facts, best first, one hit per fact (its unit id is the fact id), never crossing the
     * query's filter: dense through the vectors of the units the facts state, BM25 over the facts' own words.
     */
    List<UnitHit> searchFacts(UnitQuery query);

    /** Those of the given episodes of the filter's user that the filter allows. */
    Set<String> allowed(UnitFilter filter, Collection<String> episodeIds);

    /** Whether the store can still serve reads and writes. */
    boolean isHealthy();

    @Override
    void close();
}
