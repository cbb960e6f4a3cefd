package dev.engram.vector.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.util.BytesRef;
import org.junit.jupiter.api.Test;

class EpisodeRankingTest {

    @Test
    void units_in_score_order_across_segments_rank_their_episodes_by_the_best_unit() throws Exception {
        try (ByteBuffersDirectory directory = new ByteBuffersDirectory();
                IndexWriter writer = new IndexWriter(
                        directory,
                        new IndexWriterConfig(new StandardAnalyzer()).setMergePolicy(NoMergePolicy.INSTANCE))) {
            // Two segments: docs 0-2 and 3-5.
            unit(writer, "e1");
            unit(writer, "e2");
            unit(writer, "e1");
            writer.commit();
            unit(writer, "e3");
            unit(writer, "e2");
            unit(writer, "e4");
            writer.commit();
            try (DirectoryReader reader = DirectoryReader.open(directory)) {
                assertThat(reader.leaves()).hasSize(2);
                IndexSearcher searcher = new IndexSearcher(reader);
                ScoreDoc[] bestFirst = {hit(4), hit(2), hit(4), hit(0), hit(3), hit(1), hit(5)};

                Map<String, Integer> ranked = EpisodeRanking.of(searcher, bestFirst, 3);

                assertThat(ranked).containsExactly(Map.entry("e2", 4), Map.entry("e1", 2), Map.entry("e3", 3));
            }
        }
    }

    private static void unit(IndexWriter writer, String episodeId) throws Exception {
        Document doc = new Document();
        doc.add(new SortedDocValuesField(LuceneDocuments.EPISODE_ID, new BytesRef(episodeId)));
        writer.addDocument(doc);
    }

    private static ScoreDoc hit(int doc) {
        return new ScoreDoc(doc, 1f);
    }
}
