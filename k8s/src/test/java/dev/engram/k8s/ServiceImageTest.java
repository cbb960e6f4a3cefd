package dev.engram.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The services' Dockerfiles: a standard public Java 17 image as the default base, replaceable by a
 * build argument (bin/engram-images passes one built from Debian), and the port and user the manifests
 * rely on.
 */
class ServiceImageTest {

    private static final String BASE_ARGUMENT = "BASE_IMAGE=";

    private static final ServiceCatalog CATALOG = ServiceCatalog.load(Layout.repositoryRoot());

    private static final List<ServiceImage> IMAGES =
            ServiceCatalog.MODULES.stream().map(ServiceImage::of).toList();

    @Test
    void every_image_is_built_from_the_base_image_build_argument() {
        for (ServiceImage image : IMAGES) {
            assertThat(image.instructions().get(0).keyword())
                    .as(image.module() + ": the base argument comes before FROM, so FROM can use it")
                    .isEqualTo("ARG");
            assertThat(image.instructions().get(0).arguments())
                    .as(image.module() + " first ARG")
                    .startsWith(BASE_ARGUMENT);
            assertThat(image.all("FROM")).as(image.module() + " FROM").containsExactly("${BASE_IMAGE}");
        }
    }

    @Test
    void the_default_base_is_one_public_java_17_image_pinned_to_a_tag() {
        Set<String> defaults = IMAGES.stream()
                .map(image -> image.instructions().get(0).arguments().substring(BASE_ARGUMENT.length()))
                .collect(Collectors.toSet());
        assertThat(defaults).as("default base of every service").hasSize(1);
        String base = defaults.iterator().next();
        assertThat(base)
                .as("a registry image with a fixed tag, not one built on a single machine")
                .matches("([a-z0-9.-]+\\.[a-z]+/)?[a-z0-9._/-]+:[A-Za-z0-9._-]+")
                .doesNotStartWith("localhost/")
                .doesNotEndWith(":latest")
                .contains("17");
    }

    @Test
    void every_image_exposes_the_port_its_service_listens_on() {
        for (ServiceImage image : IMAGES) {
            assertThat(image.one("EXPOSE"))
                    .as(image.module() + " EXPOSE")
                    .isEqualTo(Integer.toString(CATALOG.service(image.module()).port()));
        }
    }

    @Test
    void every_image_runs_as_the_unprivileged_user_the_pods_run_as() {
        for (ServiceImage image : IMAGES) {
            assertThat(image.one("USER"))
                    .as(image.module() + ": USER by number, so that a base without an entry for it works too")
                    .isEqualTo(Long.toString(DeploymentRulesContract.POD_USER));
        }
    }
}
