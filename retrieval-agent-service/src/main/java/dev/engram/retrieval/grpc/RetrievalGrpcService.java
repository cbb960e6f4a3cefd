package dev.engram.retrieval.grpc;

import dev.engram.proto.v1.RetrievalRequest;
import dev.engram.proto.v1.RetrievalResponse;
import dev.engram.proto.v1.RetrievalService;
import dev.engram.retrieval.mapping.SearchRequestMapper;
import dev.engram.retrieval.mapping.SearchResponseMapper;
import dev.engram.retrieval.service.SearchRouter;
import io.quarkus.grpc.GrpcService;
import io.smallrye.mutiny.Uni;

/**
 * The gRPC face of the search pipeline. The pipeline only waits on other services without
 * blocking, so it runs on the event loop.
 */
@GrpcService
public class RetrievalGrpcService implements RetrievalService {

    private final SearchRequestMapper requests;
    private final SearchRouter router;

    RetrievalGrpcService(SearchRequestMapper requests, SearchRouter router) {
        this.requests = requests;
        this.router = router;
    }

    @Override
    public Uni<RetrievalResponse> search(RetrievalRequest request) {
        return Uni.createFrom()
                .item(() -> requests.toSearch(request))
                .chain(router::search)
                .map(SearchResponseMapper::toResponse)
                .onFailure()
                .transform(GrpcErrors::toStatus);
    }
}
