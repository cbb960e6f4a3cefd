package dev.engram.e2e;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import java.util.List;
import java.util.Map;

/** What an operator does with the bootstrap key: create projects and their keys. */
final class Admin {

    private final String url;
    private final String adminKey;

    Admin(String url, String adminKey) {
        this.url = url;
        this.adminKey = adminKey;
    }

    void createProject(String project) {
        given().baseUri(url)
                .header("Authorization", "Bearer " + adminKey)
                .contentType(ContentType.JSON)
                .body(Map.of("id", project))
                .post("/v1/admin/projects")
                .then()
                .statusCode(201);
    }

    /** A new key of the project with every scope; the key itself, as shown this once. */
    String createKey(String project) {
        return createKey(project, "read", "write", "admin");
    }

    /** A new key of the project with the given scopes; the key itself, as shown this once. */
    String createKey(String project, String... scopes) {
        return given().baseUri(url)
                .header("Authorization", "Bearer " + adminKey)
                .contentType(ContentType.JSON)
                .body(Map.of("name", "e2e", "scopes", List.of(scopes)))
                .post("/v1/admin/projects/" + project + "/keys")
                .then()
                .statusCode(201)
                .extract()
                .path("key");
    }
}
