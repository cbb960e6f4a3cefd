package dev.engram.vector.store;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The conformance suite over the embedded Lucene index, in a fresh directory per test. */
class LuceneVectorStoreConformanceTest extends VectorStoreConformanceTest {

    @TempDir
    Path dir;

    @Override
    protected VectorStore openEmptyStore() {
        return LuceneVectorStore.open(dir, SETTINGS);
    }
}
