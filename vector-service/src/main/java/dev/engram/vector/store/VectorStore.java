package dev.engram.vector.store;

import dev.engram.vector.model.EpisodeUnits;
import dev.engram.vector.model.UnitHit;
import dev.engram.vector.model.UnitQuery;
import java.util.Collection;
import java.util.List;

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

    /** Removes every unit of the given episodes of one project; unknown ids are ignored. */
    void deleteEpisodes(String project, Collection<String> episodeIds);

    /** Hybrid search, best first, never crossing the query's filter. */
    List<UnitHit> search(UnitQuery query);

    /** Whether the store can still serve reads and writes. */
    boolean isHealthy();

    @Override
    void close();
}
