package dev.engram.vector.store;

import org.apache.lucene.codecs.KnnVectorsFormat;
import org.apache.lucene.codecs.lucene912.Lucene912Codec;

/**
 * Lucene's default codec, but with the unit vectors stored flat ({@link FlatUnitVectorsFormat}). The vectors of
 * LLM-written facts and of segment summaries keep their graphs, which their searches walk. Segments written with
 * the unit vectors in a graph, by earlier versions, stay readable, and merges rewrite them flat.
 */
final class UnitIndexCodec extends Lucene912Codec {

    static {
        // Readers find a field's format by the name written in the segment, through the service loader of
        // Lucene's own class loader; under Quarkus the service's classes live in another, which has to be asked.
        KnnVectorsFormat.reloadKnnVectorsFormat(FlatUnitVectorsFormat.class.getClassLoader());
    }

    private final KnnVectorsFormat unitVectors = new FlatUnitVectorsFormat();

    @Override
    public KnnVectorsFormat getKnnVectorsFormatForField(String field) {
        return LuceneDocuments.VECTOR.equals(field) ? unitVectors : super.getKnnVectorsFormatForField(field);
    }
}
