package dev.engram.e2e.docs;

/**
 * One configuration key as a module reads it, or as docs/configuration.md documents it.
 *
 * @param module the Maven module (directory name) whose section holds the key
 * @param name the full key; a map's key is written {@code *} ({@code engram.profile.project-tags.*})
 * @param defaultValue what the key is when nobody sets it; {@code null} when it has no value then
 * @param source where the key comes from: the declaring interface, application.properties, or the doc
 */
record ConfigKey(String module, String name, String defaultValue, String source) {

    /** How the key is addressed when two lists of keys are compared. */
    String id() {
        return module + " " + name;
    }

    /** The key as a row of its module's table, ready to paste. */
    String asRow() {
        return "| `" + name.replace("*", "<name>") + "` | " + (defaultValue == null ? "—" : "`" + defaultValue + "`")
                + " | (what it does) |";
    }
}
