package dev.engram.vector.embedding;

import dev.engram.embedding.SentenceEncoder;
import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.output.Response;
import java.util.List;

/** Engram's batched encoder seen as a langchain4j embedding model, the interface the service's code uses. */
final class EncoderEmbeddingModel implements EmbeddingModel {

    private final SentenceEncoder encoder;

    EncoderEmbeddingModel(SentenceEncoder encoder) {
        this.encoder = encoder;
    }

    @Override
    public Response<List<Embedding>> embedAll(List<TextSegment> segments) {
        List<float[]> vectors =
                encoder.embedAll(segments.stream().map(TextSegment::text).toList());
        return Response.from(vectors.stream().map(Embedding::from).toList());
    }

    @Override
    public int dimension() {
        return encoder.dimension();
    }

    @Override
    public String modelName() {
        return encoder.model().id();
    }
}
