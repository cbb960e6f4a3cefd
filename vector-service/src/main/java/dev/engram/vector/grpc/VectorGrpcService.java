package dev.engram.vector.grpc;

import dev.engram.proto.v1.IndexRequest;
import dev.engram.proto.v1.IndexResponse;
import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.SimilarityRequest;
import dev.engram.proto.v1.SimilarityResponse;
import dev.engram.proto.v1.VectorSearchRequest;
import dev.engram.proto.v1.VectorSearchResponse;
import dev.engram.proto.v1.VectorService;
import dev.engram.vector.model.SourceEpisode;
import dev.engram.vector.model.UnitFilter;
import dev.engram.vector.service.IndexingService;
import dev.engram.vector.service.SearchService;
import io.quarkus.grpc.GrpcService;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;
import java.util.List;

/**
 * The gRPC face of the vector service. Both methods are {@link Blocking}: ONNX inference and Lucene I/O
 * take milliseconds to seconds and would stall the event loop serving every other request.
 */
@GrpcService
public class VectorGrpcService implements VectorService {

    private final IndexingService indexing;
    private final SearchService searching;

    VectorGrpcService(IndexingService indexing, SearchService searching) {
        this.indexing = indexing;
        this.searching = searching;
    }

    @Override
    @Blocking
    public Uni<IndexResponse> index(IndexRequest request) {
        return Uni.createFrom()
                .item(() -> {
                    List<SourceEpisode> episodes = EpisodeMapper.episodes(request);
                    int indexed = indexing.index(episodes);
                    return IndexResponse.newBuilder().setIndexed(indexed).build();
                })
                .onFailure()
                .transform(failure -> GrpcErrors.toStatus(failure, "Index"));
    }

    @Override
    @Blocking
    public Uni<VectorSearchResponse> search(VectorSearchRequest request) {
        return Uni.createFrom()
                .item(() -> {
                    UnitFilter filter = SearchMapper.filter(request);
                    String query = SearchMapper.query(request.getQuery());
                    int limit = SearchMapper.limit(request);
                    return SearchMapper.response(searching.search(filter, query, limit));
                })
                .onFailure()
                .transform(failure -> GrpcErrors.toStatus(failure, "Search"));
    }

    @Override
    @Blocking
    public Uni<SimilarityResponse> similarity(SimilarityRequest request) {
        return Uni.createFrom()
                .item(() -> {
                    Scope scope = request.getScope();
                    EpisodeMapper.requireText(scope.getProject(), "scope.project");
                    EpisodeMapper.requireText(scope.getUserId(), "scope.user_id");
                    String query = SearchMapper.query(request.getQuery());
                    if (request.getEpisodeIdsCount() > SearchMapper.MAX_LIMIT) {
                        throw new InvalidFieldException(
                                "episode_ids", "at most " + SearchMapper.MAX_LIMIT + " per call");
                    }
                    return SimilarityResponse.newBuilder()
                            .putAllSimilarity(searching.similarity(
                                    scope.getProject(), scope.getUserId(), query, request.getEpisodeIdsList()))
                            .build();
                })
                .onFailure()
                .transform(failure -> GrpcErrors.toStatus(failure, "Similarity"));
    }
}
