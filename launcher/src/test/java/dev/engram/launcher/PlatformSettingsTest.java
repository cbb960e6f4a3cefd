package dev.engram.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlatformSettingsTest {

    private static final Path HOME = Path.of("/opt/engram");

    @Test
    void defaults_run_everything_on_loopback_with_an_embedded_database() {
        PlatformSettings settings = PlatformSettings.fromEnvironment(HOME, Map.of());

        assertThat(settings.url(ServiceKind.GATEWAY)).isEqualTo("http://127.0.0.1:8080");
        assertThat(settings.port(ServiceKind.VECTOR)).isEqualTo(8082);
        assertThat(settings.externalDatabase()).isNull();
        assertThat(settings.runDirectory()).isEqualTo(HOME.resolve(".engram"));
        assertThat(settings.logDirectory()).isEqualTo(HOME.resolve(".engram/logs"));
    }

    @Test
    void environment_overrides_ports_run_directory_and_database() {
        PlatformSettings settings = PlatformSettings.fromEnvironment(
                HOME,
                Map.of(
                        "ENGRAM_PORT", "9090",
                        "ENGRAM_VECTOR_SERVICE_PORT", "9092",
                        "ENGRAM_RUN_DIR", "/var/lib/engram",
                        "ENGRAM_DB_HOST", "db.internal",
                        "ENGRAM_DB_PORT", "6543"));

        assertThat(settings.url(ServiceKind.GATEWAY)).isEqualTo("http://127.0.0.1:9090");
        assertThat(settings.port(ServiceKind.VECTOR)).isEqualTo(9092);
        assertThat(settings.runDirectory()).isEqualTo(Path.of("/var/lib/engram"));
        assertThat(settings.externalDatabase())
                .isEqualTo(new DatabaseSettings("db.internal", 6543, "engram", "engram", "engram"));
    }

    @Test
    void a_port_that_is_not_a_number_is_rejected_with_its_variable_name() {
        assertThatThrownBy(() -> PlatformSettings.fromEnvironment(HOME, Map.of("ENGRAM_PORT", "eighty")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ENGRAM_PORT");
    }

    @Test
    void services_are_found_by_module_or_client_name() {
        assertThat(ServiceKind.byModule("retrieval-agent-service")).isEqualTo(ServiceKind.RETRIEVAL);
        assertThat(ServiceKind.byModule("vector")).isEqualTo(ServiceKind.VECTOR);
        assertThat(ServiceKind.RETRIEVAL.portVariable()).isEqualTo("ENGRAM_RETRIEVAL_AGENT_SERVICE_PORT");
    }
}
