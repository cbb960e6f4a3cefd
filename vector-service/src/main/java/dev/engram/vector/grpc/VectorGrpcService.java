package dev.engram.vector.grpc;

import dev.engram.proto.v1.GraphSearchRequest;
import dev.engram.proto.v1.GraphSearchResponse;
import dev.engram.proto.v1.IndexRequest;
import dev.engram.proto.v1.IndexResponse;
import dev.engram.proto.v1.NavigateRequest;
import dev.engram.proto.v1.NavigateResponse;
import dev.engram.proto.v1.ReconstructSearchRequest;
import dev.engram.proto.v1.ReconstructSearchResponse;
import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.SegTreeSearchRequest;
import dev.engram.proto.v1.SegTreeSearchResponse;
import dev.engram.proto.v1.Segment;
import dev.engram.proto.v1.SegmentsRequest;
import dev.engram.proto.v1.SegmentsResponse;
import dev.engram.proto.v1.SimilarityRequest;
import dev.engram.proto.v1.SimilarityResponse;
import dev.engram.proto.v1.VectorCountRequest;
import dev.engram.proto.v1.VectorCountResponse;
import dev.engram.proto.v1.VectorDeleteRequest;
import dev.engram.proto.v1.VectorDeleteResponse;
import dev.engram.proto.v1.VectorSearchRequest;
import dev.engram.proto.v1.VectorSearchResponse;
import dev.engram.proto.v1.VectorService;
import dev.engram.vector.mapping.ContentsMapper;
import dev.engram.vector.mapping.EpisodeMapper;
import dev.engram.vector.mapping.NavigationMapper;
import dev.engram.vector.mapping.SearchMapper;
import dev.engram.vector.model.SourceEpisode;
import dev.engram.vector.model.UnitFilter;
import dev.engram.vector.service.GraphSearchService;
import dev.engram.vector.service.IndexContents;
import dev.engram.vector.service.IndexingService;
import dev.engram.vector.service.NavigateService;
import dev.engram.vector.service.ReconstructSearchService;
import dev.engram.vector.service.SearchService;
import dev.engram.vector.service.SegTreeSearchService;
import io.quarkus.grpc.GrpcService;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;
import java.util.List;

/**
 * The gRPC face of the vector service. Every method is {@link Blocking}: ONNX inference and store I/O
 * (Lucene commits, calls to Qdrant) take milliseconds to seconds and would stall the event loop serving
 * every other request.
 */
@GrpcService
public class VectorGrpcService implements VectorService {

    private final IndexingService indexing;
    private final SearchService searching;
    private final IndexContents contents;
    private final GraphSearchService graphs;
    private final SegTreeSearchService segtrees;
    private final ReconstructSearchService reconstructions;
    private final NavigateService navigations;

    VectorGrpcService(
            IndexingService indexing,
            SearchService searching,
            IndexContents contents,
            GraphSearchService graphs,
            SegTreeSearchService segtrees,
            ReconstructSearchService reconstructions,
            NavigateService navigations) {
        this.indexing = indexing;
        this.searching = searching;
        this.contents = contents;
        this.graphs = graphs;
        this.segtrees = segtrees;
        this.reconstructions = reconstructions;
        this.navigations = navigations;
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
                    return SearchMapper.response(searching.search(
                            filter, request.getQuery(), request.getMeaningQuery(), request.getLimit()));
                })
                .onFailure()
                .transform(failure -> GrpcErrors.toStatus(failure, "Search"));
    }

    @Override
    @Blocking
    public Uni<GraphSearchResponse> graphSearch(GraphSearchRequest request) {
        return Uni.createFrom()
                .item(() -> {
                    UnitFilter filter = SearchMapper.filter(request.getScope(), request.getFilter());
                    return SearchMapper.response(graphs.search(filter, request.getQuery(), request.getLimit()));
                })
                .onFailure()
                .transform(failure -> GrpcErrors.toStatus(failure, "GraphSearch"));
    }

    @Override
    @Blocking
    public Uni<SegTreeSearchResponse> segTreeSearch(SegTreeSearchRequest request) {
        return Uni.createFrom()
                .item(() -> {
                    UnitFilter filter = SearchMapper.filter(request.getScope(), request.getFilter());
                    return SearchMapper.response(segtrees.search(filter, request.getQuery(), request.getLimit()));
                })
                .onFailure()
                .transform(failure -> GrpcErrors.toStatus(failure, "SegTreeSearch"));
    }

    @Override
    @Blocking
    public Uni<ReconstructSearchResponse> reconstructSearch(ReconstructSearchRequest request) {
        return Uni.createFrom()
                .item(() -> {
                    UnitFilter filter = SearchMapper.filter(request.getScope(), request.getFilter());
                    return SearchMapper.response(
                            reconstructions.search(filter, request.getQuery(), request.getLimit()));
                })
                .onFailure()
                .transform(failure -> GrpcErrors.toStatus(failure, "ReconstructSearch"));
    }

    @Override
    @Blocking
    public Uni<NavigateResponse> navigate(NavigateRequest request) {
        return Uni.createFrom()
                .item(() -> {
                    UnitFilter filter = SearchMapper.filter(request.getScope(), request.getFilter());
                    return NavigationMapper.response(navigations.navigate(
                            filter,
                            request.getQuery(),
                            NavigationMapper.actions(request),
                            request.getOpenedList(),
                            request.getContentsPerAction(),
                            request.getLimit()));
                })
                .onFailure()
                .transform(failure -> GrpcErrors.toStatus(failure, "Navigate"));
    }

    @Override
    @Blocking
    public Uni<SegmentsResponse> segments(SegmentsRequest request) {
        return Uni.createFrom()
                .item(() -> {
                    SegmentsResponse.Builder response = SegmentsResponse.newBuilder();
                    segtrees.segments(
                                    request.getScope().getProject(),
                                    request.getScope().getUserId(),
                                    request.getEpisodeIdsList())
                            .forEach((episode, segment) -> response.putSegments(
                                    episode,
                                    Segment.newBuilder()
                                            .addAllEpisodeIds(segment)
                                            .build()));
                    return response.build();
                })
                .onFailure()
                .transform(failure -> GrpcErrors.toStatus(failure, "Segments"));
    }

    @Override
    @Blocking
    public Uni<SimilarityResponse> similarity(SimilarityRequest request) {
        return Uni.createFrom()
                .item(() -> {
                    Scope scope = request.getScope();
                    return SimilarityResponse.newBuilder()
                            .putAllSimilarity(searching.similarity(
                                    scope.getProject(),
                                    scope.getUserId(),
                                    request.getQuery(),
                                    request.getEpisodeIdsList()))
                            .build();
                })
                .onFailure()
                .transform(failure -> GrpcErrors.toStatus(failure, "Similarity"));
    }

    @Override
    @Blocking
    public Uni<VectorDeleteResponse> delete(VectorDeleteRequest request) {
        return Uni.createFrom()
                .item(() -> {
                    contents.delete(ContentsMapper.selection(request));
                    return VectorDeleteResponse.getDefaultInstance();
                })
                .onFailure()
                .transform(failure -> GrpcErrors.toStatus(failure, "Delete"));
    }

    @Override
    @Blocking
    public Uni<VectorCountResponse> count(VectorCountRequest request) {
        return Uni.createFrom()
                .item(() -> {
                    Scope scope = request.getScope();
                    return ContentsMapper.response(contents.count(scope.getProject(), scope.getUserId()));
                })
                .onFailure()
                .transform(failure -> GrpcErrors.toStatus(failure, "Count"));
    }
}
