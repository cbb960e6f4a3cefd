package dev.engram.vector.store;

import java.io.IOException;
import org.apache.lucene.codecs.KnnVectorsFormat;
import org.apache.lucene.codecs.KnnVectorsReader;
import org.apache.lucene.codecs.KnnVectorsWriter;
import org.apache.lucene.codecs.hnsw.FlatVectorScorerUtil;
import org.apache.lucene.codecs.hnsw.FlatVectorsFormat;
import org.apache.lucene.codecs.lucene99.Lucene99FlatVectorsFormat;
import org.apache.lucene.index.SegmentReadState;
import org.apache.lucene.index.SegmentWriteState;

/**
 * Unit vectors stored as they are, without a nearest-neighbour graph. Every dense search is scoped to one
 * user, and {@link UnitVectors#nearest} compares the query with each of that user's vectors, so a graph would
 * never be walked, while building one again at every flush and every merge was a large share of the indexing's
 * CPU. Searching this field with a {@code KnnFloatVectorQuery} finds nothing.
 *
 * <p>The name is written into every segment and found again through Java's service loader (see {@code
 * META-INF/services}); it must never change.
 */
public final class FlatUnitVectorsFormat extends KnnVectorsFormat {

    static final String NAME = "EngramFlatUnitVectors";

    private final FlatVectorsFormat flat =
            new Lucene99FlatVectorsFormat(FlatVectorScorerUtil.getLucene99FlatVectorsScorer());

    public FlatUnitVectorsFormat() {
        super(NAME);
    }

    @Override
    public KnnVectorsWriter fieldsWriter(SegmentWriteState state) throws IOException {
        return flat.fieldsWriter(state);
    }

    @Override
    public KnnVectorsReader fieldsReader(SegmentReadState state) throws IOException {
        return flat.fieldsReader(state);
    }

    @Override
    public int getMaxDimensions(String fieldName) {
        return DEFAULT_MAX_DIMENSIONS;
    }
}
