package dev.engram.telemetry;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** No endpoint configured: requests are traced as always, and no span leaves the process. */
@QuarkusTest
@WithTestResource(DefaultEndpointListener.class)
class TracingWithoutEndpointTest {

    static final String CALLER_TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
    static final String CALLER_SPAN = "00f067aa0ba902b7";

    @Inject
    OpenTelemetry telemetry;

    @Test
    void a_request_joins_the_trace_its_caller_names_in_traceparent() {
        String traceId = given().header("traceparent", "00-" + CALLER_TRACE + "-" + CALLER_SPAN + "-01")
                .get("/traced")
                .then()
                .statusCode(200)
                .extract()
                .asString();

        assertThat(traceId).isEqualTo(CALLER_TRACE);
    }

    @Test
    void a_request_without_traceparent_starts_a_trace_of_its_own() {
        String first = given().get("/traced").then().statusCode(200).extract().asString();
        String second = given().get("/traced").then().statusCode(200).extract().asString();

        assertThat(first).matches("[0-9a-f]{32}").isNotEqualTo("0".repeat(32)).isNotEqualTo(second);
    }

    @Test
    void no_exporter_connects_to_the_default_endpoint() throws InterruptedException {
        given().get("/traced").then().statusCode(200);

        assertThat(((OpenTelemetrySdk) telemetry)
                        .getSdkTracerProvider()
                        .forceFlush()
                        .join(10, TimeUnit.SECONDS)
                        .isSuccess())
                .isTrue();
        Thread.sleep(500);

        assertThat(DefaultEndpointListener.CONNECTIONS).hasValue(0);
    }
}
