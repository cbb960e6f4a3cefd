package dev.engram.gateway;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import dev.engram.gateway.fake.FakeDownstream;
import dev.engram.gateway.fake.FakeHealthService;
import grpc.health.v1.HealthOuterClass.HealthCheckResponse.ServingStatus;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(FakeDownstream.class)
class HealthTest {

    FakeHealthService health;

    @AfterEach
    void serveAgain() {
        health.answer(ServingStatus.SERVING);
    }

    @Test
    void ready_when_the_services_behind_it_serve() {
        given().get("/q/health/ready")
                .then()
                .statusCode(200)
                .body("checks.find { it.name == 'dependencies' }.data.'ingest-service'", equalTo("UP"))
                .body("checks.find { it.name == 'dependencies' }.data.'retrieval-agent-service'", equalTo("UP"));
    }

    @Test
    void not_ready_when_they_do_not_but_still_alive() {
        health.answer(ServingStatus.NOT_SERVING);

        given().get("/q/health/ready")
                .then()
                .statusCode(503)
                .body("checks.find { it.name == 'dependencies' }.data.'ingest-service'", equalTo("NOT_SERVING"));
        given().get("/q/health/live").then().statusCode(200);
    }
}
