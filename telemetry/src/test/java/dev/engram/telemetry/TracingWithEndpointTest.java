package dev.engram.telemetry;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.testing.OtlpReceiver;
import dev.engram.testing.OtlpReceiver.ReceivedSpan;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** An endpoint configured: the spans of a request reach it, under the caller's trace. */
@QuarkusTest
@WithTestResource(ReceiverResource.class)
class TracingWithEndpointTest {

    OtlpReceiver receiver;

    @Inject
    OpenTelemetry telemetry;

    @Test
    void the_server_span_of_a_request_is_exported_as_a_child_of_the_callers_span() {
        given().header(
                        "traceparent",
                        "00-" + TracingWithoutEndpointTest.CALLER_TRACE + "-" + TracingWithoutEndpointTest.CALLER_SPAN
                                + "-01")
                .get("/traced")
                .then()
                .statusCode(200);
        ((OpenTelemetrySdk) telemetry).getSdkTracerProvider().forceFlush().join(10, TimeUnit.SECONDS);

        List<ReceivedSpan> trace = receiver.awaitTrace(
                TracingWithoutEndpointTest.CALLER_TRACE, spans -> !spans.isEmpty(), Duration.ofSeconds(10));

        assertThat(trace).singleElement().satisfies(span -> {
            assertThat(span.isServer()).isTrue();
            assertThat(span.parentSpanId()).isEqualTo(TracingWithoutEndpointTest.CALLER_SPAN);
            assertThat(span.name()).contains("/traced");
            assertThat(span.service()).isEqualTo("engram-telemetry");
        });
    }
}
