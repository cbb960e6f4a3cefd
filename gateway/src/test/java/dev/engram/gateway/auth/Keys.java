package dev.engram.gateway.auth;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Creates projects and keys through the admin API, as an operator would. */
final class Keys {

    private Keys() {}

    static String bearer(String key) {
        return "Bearer " + key;
    }

    /** A fresh project with a unique id. */
    static String newProject(String prefix) {
        String id = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
        given().header("Authorization", bearer(AuthOn.ADMIN_KEY))
                .contentType(ContentType.JSON)
                .body(Map.of("id", id))
                .post("/v1/admin/projects")
                .then()
                .statusCode(201);
        return id;
    }

    /** A new key of the project with these scopes; the key text, as shown once. */
    static String newKey(String project, String... scopes) {
        return given().header("Authorization", bearer(AuthOn.ADMIN_KEY))
                .contentType(ContentType.JSON)
                .body(Map.of("name", "test", "scopes", List.of(scopes)))
                .post("/v1/admin/projects/" + project + "/keys")
                .then()
                .statusCode(201)
                .extract()
                .path("key");
    }
}
