package dev.engram.e2e.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * docs/configuration.md against the code: every key of every {@code @ConfigMapping} interface of every module is
 * documented in its module's section with its default, and every documented {@code engram.*} key still exists.
 * The interfaces are read from the packaged services, so run it after they are built (the reactor does: this
 * module builds after every service).
 */
class ConfigurationDocIT {

    private static final List<String> SERVICES =
            List.of("gateway", "ingest-service", "vector-service", "retrieval-agent-service", "profile-service");

    private static Path root;
    private static PackagedServices packaged;
    private static List<ConfigKey> declared;
    private static List<ConfigKey> settable;
    private static List<ConfigKey> documented;

    @BeforeAll
    static void readCodeAndDocs() throws IOException {
        root = Path.of(System.getProperty("engram.home", "..")).toAbsolutePath().normalize();
        List<String> modules = modules(root);
        packaged = new PackagedServices(root, modules);
        assertThat(packaged.modules())
                .as("packaged services under %s (build them first: ./mvnw -B package -DskipTests)", root)
                .containsAll(SERVICES);
        declared = new ArrayList<>();
        settable = new ArrayList<>();
        for (String module : modules) {
            Properties properties = DeclaredConfig.applicationProperties(root, module);
            List<ConfigKey> ofModule = new ArrayList<>();
            for (DeclaredConfig.Mapping mapping : DeclaredConfig.mappings(root, List.of(module))) {
                Class<?> type = packaged.load(module, mapping.className())
                        .orElseThrow(() -> new AssertionError(mapping.className() + " of " + module
                                + " is in no packaged service; build the services first"));
                ofModule.addAll(DeclaredConfig.keys(module, type, properties));
            }
            declared.addAll(ofModule);
            settable.addAll(ofModule);
            settable.addAll(DeclaredConfig.propertiesOnly(module, properties, ofModule));
        }
        documented = DocumentedConfig.parse(Files.readString(root.resolve("docs/configuration.md")), modules);
    }

    @AfterAll
    static void close() throws IOException {
        if (packaged != null) {
            packaged.close();
        }
    }

    @Test
    void every_service_declares_configuration_the_check_can_read() {
        assertThat(declared.stream().map(ConfigKey::module).distinct()).containsAll(SERVICES);
    }

    @Test
    void every_key_in_code_is_documented_in_its_modules_section() {
        Map<String, ConfigKey> inDocs = byId(documented);
        List<String> missing = declared.stream()
                .filter(key -> !inDocs.containsKey(key.id()))
                .map(key -> "## " + key.module() + " (" + key.source() + "): " + key.asRow())
                .toList();
        assertThat(missing)
                .as("keys the code reads that docs/configuration.md does not document; add these rows")
                .isEmpty();
    }

    @Test
    void every_documented_key_exists_in_code() {
        Map<String, ConfigKey> inCode = byId(settable);
        List<String> unknown = documented.stream()
                .filter(key -> !inCode.containsKey(key.id()))
                .map(key -> key.source() + ": `" + key.name() + "` under ## " + key.module())
                .toList();
        assertThat(unknown)
                .as("keys docs/configuration.md documents that no code of their module reads any more")
                .isEmpty();
    }

    @Test
    void documented_defaults_are_the_defaults_in_code() {
        Map<String, ConfigKey> inCode = byId(settable);
        List<String> differing = documented.stream()
                .filter(key -> inCode.containsKey(key.id()))
                .filter(key ->
                        !Objects.equals(key.defaultValue(), inCode.get(key.id()).defaultValue()))
                .map(key -> key.source() + ": `" + key.name() + "` documents " + shown(key.defaultValue())
                        + ", the code (" + inCode.get(key.id()).source() + ") has "
                        + shown(inCode.get(key.id()).defaultValue()))
                .toList();
        assertThat(differing).as("defaults that differ").isEmpty();
    }

    @Test
    void every_key_is_documented_once_per_module() {
        List<String> twice =
                documented.stream()
                        .collect(Collectors.groupingBy(ConfigKey::id, Collectors.counting()))
                        .entrySet()
                        .stream()
                        .filter(entry -> entry.getValue() > 1)
                        .map(Map.Entry::getKey)
                        .sorted()
                        .toList();
        assertThat(twice).as("keys documented more than once in one section").isEmpty();
    }

    private static Map<String, ConfigKey> byId(List<ConfigKey> keys) {
        return keys.stream().collect(Collectors.toMap(ConfigKey::id, Function.identity(), (first, second) -> first));
    }

    private static String shown(String value) {
        return value == null ? "no default" : "`" + value + "`";
    }

    /** The Maven modules of the build: the directories under the root that hold a POM. */
    private static List<String> modules(Path root) throws IOException {
        try (Stream<Path> children = Files.list(root)) {
            return children.filter(child -> Files.isRegularFile(child.resolve("pom.xml")))
                    .map(child -> child.getFileName().toString())
                    .sorted()
                    .toList();
        }
    }
}
