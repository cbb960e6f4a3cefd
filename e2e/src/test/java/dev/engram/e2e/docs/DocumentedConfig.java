package dev.engram.e2e.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The keys docs/configuration.md documents. A section whose {@code ##} heading starts with a module's name
 * ({@code ## gateway}, {@code ## ingest-service}) lists that module's keys in tables, one key per row: the first
 * cell is the key in backticks, the second its default in backticks, or {@code —} when it has none. Rows of
 * other keys ({@code quarkus.*}) and other sections are free text to this check.
 */
final class DocumentedConfig {

    private static final Pattern HEADING = Pattern.compile("^##\\s+`?([\\w.-]+)`?.*$");
    private static final Pattern KEY_CELL = Pattern.compile("`(engram\\.[^`\\s]+)`");
    private static final Pattern VALUE_CELL = Pattern.compile("`([^`]*)`");
    private static final String NO_DEFAULT = "—";

    private DocumentedConfig() {}

    /** The documented keys of the modules named in {@code modules}, in the order the document gives them. */
    static List<ConfigKey> parse(String markdown, List<String> modules) {
        List<ConfigKey> keys = new ArrayList<>();
        String section = null;
        int lineNumber = 0;
        for (String line : markdown.split("\n", -1)) {
            lineNumber++;
            if (line.startsWith("## ")) {
                Matcher heading = HEADING.matcher(line.strip());
                section = heading.matches() && modules.contains(heading.group(1)) ? heading.group(1) : null;
                continue;
            }
            if (section == null || !line.strip().startsWith("|")) {
                continue;
            }
            String[] cells = line.strip().split("(?<!\\\\)\\|", -1);
            if (cells.length < 3) {
                continue;
            }
            Matcher key = KEY_CELL.matcher(cells[1].strip());
            if (!key.matches()) {
                continue;
            }
            String name = key.group(1).replaceAll("<[^>]*>", "*");
            keys.add(new ConfigKey(
                    section, name, documentedDefault(cells[2].strip(), lineNumber), "docs line " + lineNumber));
        }
        return keys;
    }

    private static String documentedDefault(String cell, int lineNumber) {
        if (cell.equals(NO_DEFAULT)) {
            return null;
        }
        Matcher value = VALUE_CELL.matcher(cell);
        if (!value.matches()) {
            throw new IllegalArgumentException("docs/configuration.md line " + lineNumber
                    + ": the default must be one value in backticks, or " + NO_DEFAULT + ", was '" + cell + "'");
        }
        return value.group(1).isEmpty() ? null : value.group(1);
    }
}
