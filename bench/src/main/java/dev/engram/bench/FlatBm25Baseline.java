package dev.engram.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.ByteBuffersDirectory;

/**
 * The lexical baseline: BM25 over whole turns with their speaker ({@link Turn#retrievedText()}; Lucene's
 * defaults, k1 1.2 and b 0.75, EnglishAnalyzer), one in-memory index per conversation so that a question
 * only sees its own user's turns.
 */
public final class FlatBm25Baseline implements Retriever, AutoCloseable {

    private static final String ID = "id";
    private static final String CONTENT = "content";

    private final Analyzer analyzer = new EnglishAnalyzer();
    private final Map<String, DirectoryReader> readers = new HashMap<>();
    private final int depth;

    /** Indexes every turn of every conversation; {@code depth} is the length of each ranked list. */
    public FlatBm25Baseline(List<Conversation> conversations, int depth) {
        this.depth = depth;
        for (Conversation conversation : conversations) {
            readers.put(conversation.sampleId(), index(conversation));
        }
    }

    @Override
    public String name() {
        return "bm25";
    }

    @Override
    public List<String> rank(Question question) {
        DirectoryReader reader = readers.get(question.sampleId());
        BooleanQuery.Builder query = new BooleanQuery.Builder();
        List<String> terms = terms(question.text());
        if (reader == null || terms.isEmpty()) {
            return List.of();
        }
        terms.forEach(term -> query.add(new TermQuery(new Term(CONTENT, term)), BooleanClause.Occur.SHOULD));
        try {
            IndexSearcher searcher = new IndexSearcher(reader);
            List<String> ranked = new ArrayList<>();
            for (ScoreDoc hit : searcher.search(query.build(), depth).scoreDocs) {
                ranked.add(searcher.storedFields().document(hit.doc).get(ID));
            }
            return ranked;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The analyzed terms of a text, repeated terms kept (as the classic query parser keeps them). */
    private List<String> terms(String text) {
        List<String> terms = new ArrayList<>();
        try (TokenStream tokens = analyzer.tokenStream(CONTENT, text)) {
            CharTermAttribute term = tokens.addAttribute(CharTermAttribute.class);
            tokens.reset();
            while (tokens.incrementToken()) {
                terms.add(term.toString());
            }
            tokens.end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return terms;
    }

    private DirectoryReader index(Conversation conversation) {
        ByteBuffersDirectory directory = new ByteBuffersDirectory();
        try (IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig(analyzer))) {
            for (Turn turn : conversation.turns()) {
                Document document = new Document();
                document.add(new StoredField(ID, turn.diaId()));
                document.add(new TextField(CONTENT, turn.retrievedText(), Field.Store.NO));
                writer.addDocument(document);
            }
            writer.commit();
            return DirectoryReader.open(directory);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        for (DirectoryReader reader : readers.values()) {
            try {
                reader.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        analyzer.close();
    }
}
