package dev.engram.e2e.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The services as packaged ({@code <module>/target/quarkus-app}), each behind a class loader of its own
 * jars, so a configuration interface is read with exactly the classes its service runs with. The loaders
 * delegate to this test's class path first: SmallRye Config and Quarkus come from there, in the versions the
 * Quarkus BOM gives both, so the annotations the test reads are the ones the interfaces carry.
 */
final class PackagedServices implements AutoCloseable {

    private final Map<String, URLClassLoader> loaders = new LinkedHashMap<>();

    PackagedServices(Path root, List<String> modules) {
        for (String module : modules) {
            Path app = root.resolve(module).resolve("target/quarkus-app");
            if (Files.isDirectory(app)) {
                loaders.put(module, new URLClassLoader(jarsOf(app), PackagedServices.class.getClassLoader()));
            }
        }
    }

    /** Modules with a packaged application. */
    List<String> modules() {
        return List.copyOf(loaders.keySet());
    }

    /**
     * The class, from its own module's application, or else from the first application that contains it (a
     * library module such as grpc-support is packaged into the services that use it).
     */
    Optional<Class<?>> load(String module, String className) {
        List<URLClassLoader> candidates = new ArrayList<>();
        if (loaders.containsKey(module)) {
            candidates.add(loaders.get(module));
        }
        candidates.addAll(loaders.values());
        for (ClassLoader loader : candidates) {
            try {
                return Optional.of(Class.forName(className, false, loader));
            } catch (ClassNotFoundException notHere) {
                // Try the next application.
            }
        }
        return Optional.empty();
    }

    private static URL[] jarsOf(Path app) {
        try (Stream<Path> files = Files.walk(app)) {
            return files.filter(file -> file.toString().endsWith(".jar"))
                    .sorted()
                    .map(PackagedServices::url)
                    .toArray(URL[]::new);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static URL url(Path jar) {
        try {
            return jar.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() throws IOException {
        for (URLClassLoader loader : loaders.values()) {
            loader.close();
        }
    }
}
