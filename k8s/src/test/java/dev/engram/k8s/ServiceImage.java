package dev.engram.k8s;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A service's {@code src/main/docker/Dockerfile.jvm}, read as instructions (keyword and arguments,
 * comments dropped), so that the images and the manifests can be checked against each other without a
 * container engine.
 *
 * @param module the service's Maven module
 * @param instructions each instruction in order, keyword upper-cased
 */
record ServiceImage(String module, List<Instruction> instructions) {

    /** One instruction: {@code FROM ${BASE_IMAGE}} is keyword {@code FROM}, arguments {@code ${BASE_IMAGE}}. */
    record Instruction(String keyword, String arguments) {}

    static ServiceImage of(String module) {
        Path file = Layout.repositoryRoot().resolve(module).resolve("src/main/docker/Dockerfile.jvm");
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + file, e);
        }
        List<Instruction> instructions = new ArrayList<>();
        for (String line : lines) {
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            String[] parts = trimmed.split("\\s+", 2);
            instructions.add(new Instruction(parts[0].toUpperCase(Locale.ROOT), parts.length > 1 ? parts[1] : ""));
        }
        return new ServiceImage(module, instructions);
    }

    List<String> all(String keyword) {
        return instructions.stream()
                .filter(i -> i.keyword().equals(keyword))
                .map(Instruction::arguments)
                .toList();
    }

    /** The single value of an instruction that must occur once (EXPOSE, USER). */
    String one(String keyword) {
        List<String> values = all(keyword);
        if (values.size() != 1) {
            throw new AssertionError(
                    module + " Dockerfile.jvm has " + values.size() + " " + keyword + ", expected one");
        }
        return values.get(0);
    }
}
