package dev.engram.gateway.api;

import dev.engram.gateway.model.DeletionView;
import java.net.URI;
import org.jboss.resteasy.reactive.RestResponse;

/** How a deletion is answered: 200 when every store is purged, 202 with the URL to follow while not. */
final class Deletions {

    private Deletions() {}

    static RestResponse<DeletionView> answer(DeletionView deletion) {
        if (deletion.complete()) {
            return RestResponse.ok(deletion);
        }
        return RestResponse.ResponseBuilder.<DeletionView>create(RestResponse.Status.ACCEPTED)
                .entity(deletion)
                .location(URI.create("/v1/deletions/" + deletion.id()))
                .build();
    }
}
