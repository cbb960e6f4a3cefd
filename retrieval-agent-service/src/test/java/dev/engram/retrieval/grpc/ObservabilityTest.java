package dev.engram.retrieval.grpc;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.engram.proto.v1.RetrievalRequest;
import dev.engram.proto.v1.RetrievalServiceGrpc;
import dev.engram.retrieval.support.Conversation;
import dev.engram.retrieval.support.FakeDownstream;
import dev.engram.retrieval.support.FakeDownstreamResource;
import dev.engram.retrieval.support.FakeDownstreamResource.InjectFakeDownstream;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(FakeDownstreamResource.class)
class ObservabilityTest {

    @InjectFakeDownstream
    FakeDownstream downstream;

    @TestHTTPResource
    URL url;

    @Test
    void the_service_reports_ready() {
        given().when().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
    }

    @Test
    void every_stage_of_a_search_is_timed_in_the_metrics() throws InterruptedException {
        downstream.reset();
        downstream.hits("s1-4", 0.9);
        ManagedChannel channel = ManagedChannelBuilder.forAddress(url.getHost(), url.getPort())
                .usePlaintext()
                .build();
        try {
            RetrievalServiceGrpc.newBlockingStub(channel)
                    .withDeadlineAfter(10, TimeUnit.SECONDS)
                    .search(RetrievalRequest.newBuilder()
                            .setScope(Conversation.scope())
                            .setQuery("support group")
                            .build());
        } finally {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }

        given().when()
                .get("/q/metrics")
                .then()
                .statusCode(200)
                .body(containsString("engram_retrieval_stage_seconds_count{stage=\"vector_search\"}"))
                .body(containsString("engram_retrieval_stage_seconds_count{stage=\"context\"}"))
                .body(containsString("engram_retrieval_stage_seconds_count{stage=\"assemble\"}"))
                .body(containsString("engram_retrieval_search_seconds_count{mode=\"direct\"}"));
    }
}
