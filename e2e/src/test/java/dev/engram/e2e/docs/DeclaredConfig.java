package dev.engram.e2e.docs;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.ConfigMappingInterface;
import io.smallrye.config.ConfigMappingInterface.Property;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The configuration keys the code declares: every {@code @ConfigMapping} interface in the main sources of
 * every module, read as SmallRye Config reads it (prefix, kebab-case names, nested groups, {@code @WithName},
 * {@code @WithParentName}, maps), from the packaged services. A key's default is its {@code @WithDefault},
 * unless the module's application.properties sets the key, which then decides what it is out of the box.
 */
final class DeclaredConfig {

    private static final Pattern ANNOTATION = Pattern.compile("^@ConfigMapping\\b", Pattern.MULTILINE);
    private static final Pattern PACKAGE = Pattern.compile("^package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);
    /** {@code ${ENV_VARIABLE:default}}: the value an environment variable may replace. */
    private static final Pattern EXPRESSION = Pattern.compile("\\$\\{[^:}]+:(.*)}");

    private DeclaredConfig() {}

    /** A {@code @ConfigMapping} interface found in a module's sources. */
    record Mapping(String module, String className) {}

    /** Every {@code @ConfigMapping} interface in the main sources of the modules under {@code root}. */
    static List<Mapping> mappings(Path root, List<String> modules) {
        List<Mapping> found = new ArrayList<>();
        for (String module : modules) {
            Path sources = root.resolve(module).resolve("src/main/java");
            if (!Files.isDirectory(sources)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(sources)) {
                files.filter(file -> file.toString().endsWith(".java"))
                        .sorted()
                        .forEach(file -> mappingIn(module, file).ifPresent(found::add));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return found;
    }

    private static Optional<Mapping> mappingIn(String module, Path file) {
        String source = read(file);
        if (!ANNOTATION.matcher(source).find()) {
            return Optional.empty();
        }
        Matcher pkg = PACKAGE.matcher(source);
        String simpleName = file.getFileName().toString().replace(".java", "");
        return Optional.of(new Mapping(module, pkg.find() ? pkg.group(1) + "." + simpleName : simpleName));
    }

    /** The keys of one loaded interface, with their defaults. */
    static List<ConfigKey> keys(String module, Class<?> type, Properties applicationProperties) {
        ConfigMapping mapping = type.getAnnotation(ConfigMapping.class);
        if (mapping == null) {
            throw new IllegalStateException(type.getName() + " in " + module + " carries no top-level @ConfigMapping");
        }
        Map<String, Property> properties = ConfigMappingInterface.getProperties(
                        ConfigMappingInterface.getConfigurationInterface(type))
                .get(type)
                .get("");
        List<ConfigKey> keys = new ArrayList<>();
        properties.forEach((relative, property) -> {
            // A list is documented by its name; SmallRye also lists each element's indexed form.
            if (relative.endsWith("[*]")) {
                return;
            }
            String name = relative.isEmpty() ? mapping.prefix() : mapping.prefix() + "." + relative;
            keys.add(new ConfigKey(module, name, defaultOf(name, property, applicationProperties), type.getName()));
        });
        return keys;
    }

    /** Keys a module's application.properties sets that no interface declares, such as engram.db.host. */
    static List<ConfigKey> propertiesOnly(String module, Properties applicationProperties, List<ConfigKey> declared) {
        List<String> names = declared.stream().map(ConfigKey::name).toList();
        return applicationProperties.stringPropertyNames().stream()
                .filter(name -> name.startsWith("engram.") && !names.contains(name))
                .sorted()
                .map(name -> new ConfigKey(
                        module, name, valueOf(applicationProperties.getProperty(name)), "application.properties"))
                .toList();
    }

    /** The module's application.properties (profiled keys such as {@code %test.…} included, never matched). */
    static Properties applicationProperties(Path root, String module) {
        Properties properties = new Properties();
        Path file = root.resolve(module).resolve("src/main/resources/application.properties");
        if (Files.isRegularFile(file)) {
            try (Reader reader = Files.newBufferedReader(file)) {
                properties.load(reader);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return properties;
    }

    private static String defaultOf(String name, Property property, Properties applicationProperties) {
        String configured = applicationProperties.getProperty(name);
        if (configured != null) {
            return valueOf(configured);
        }
        return property.hasDefaultValue() ? emptyAsNull(property.getDefaultValue()) : null;
    }

    private static String valueOf(String configured) {
        Matcher expression = EXPRESSION.matcher(configured.trim());
        return emptyAsNull(expression.matches() ? expression.group(1) : configured.trim());
    }

    private static String emptyAsNull(String value) {
        return value == null || value.isEmpty() ? null : value;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
