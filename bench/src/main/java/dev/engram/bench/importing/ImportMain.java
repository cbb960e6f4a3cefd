package dev.engram.bench.importing;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.bench.Gateways;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code bin/engram import FILE}: loads conversations from a file into a running Engram through its API. The
 * whole file is read and checked before anything is sent, so a file with a bad line stores nothing.
 */
public final class ImportMain {

    static final String USAGE = """
            usage: bin/engram import FILE [--format locomo|longmemeval|jsonl|chatgpt] [--user USER]
                                          [--gateway URL] [--key API_KEY] [--wait-indexed]
              FILE            LoCoMo or LongMemEval JSON, a JSONL chat log (one message per line: user, session,
                              role, name, content, timestamp), or a ChatGPT export's conversations.json
              --format        the file's format; told from the file when left out
              --user          the user of every message (required for a ChatGPT export; for JSONL lines
                              without one; for LoCoMo and LongMemEval, instead of one user per conversation)
              --gateway       default $ENGRAM_GATEWAY, else http://127.0.0.1:8080
              --key           the project's API key; default $ENGRAM_API_KEY (none while authentication is off)
              --wait-indexed  return once everything imported is searchable
            Importing a file again stores only what is missing: every message keeps the same id.
            """;

    /** What the command line asked for. */
    public record Options(
            Path file, ChatFile.Format format, String user, String gateway, String key, boolean waitIndexed) {

        public static Options parse(String[] args, Map<String, String> environment) {
            Path file = null;
            ChatFile.Format format = null;
            String user = null;
            String gateway = environment.getOrDefault("ENGRAM_GATEWAY", "http://127.0.0.1:8080");
            String key = environment.get("ENGRAM_API_KEY");
            boolean wait = false;
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--format" -> format = ChatFile.Format.named(value(args, ++i, "--format"));
                    case "--user" -> user = value(args, ++i, "--user");
                    case "--gateway" -> gateway = value(args, ++i, "--gateway");
                    case "--key" -> key = value(args, ++i, "--key");
                    case "--wait-indexed" -> wait = true;
                    default -> {
                        if (args[i].startsWith("--") || file != null) {
                            throw new IllegalArgumentException("unknown argument " + args[i]);
                        }
                        file = Path.of(args[i]);
                    }
                }
            }
            if (file == null) {
                throw new IllegalArgumentException("name the file to import");
            }
            if (!Files.isRegularFile(file)) {
                throw new IllegalArgumentException("no such file: " + file);
            }
            return new Options(file, format, user, gateway, key, wait);
        }

        private static String value(String[] args, int at, String option) {
            if (at >= args.length) {
                throw new IllegalArgumentException(option + " needs a value");
            }
            return args[at];
        }
    }

    private ImportMain() {}

    public static void main(String[] args) {
        if (List.of(args).contains("--help") || List.of(args).contains("-h")) {
            System.out.print(USAGE);
            return;
        }
        try {
            System.exit(run(Options.parse(args, System.getenv()), System.out, System.console() != null));
        } catch (IllegalArgumentException | IllegalStateException e) {
            System.err.println("engram import: " + e.getMessage());
            System.exit(2);
        }
    }

    /** Runs the import; 0 when everything was stored. */
    public static int run(Options options, PrintStream out, boolean terminal) {
        ObjectMapper json = new ObjectMapper();
        List<ChatMessage> messages = new ChatFile(json).read(options.file(), options.format(), options.user());
        out.printf("import: %d messages from %s into %s%n", messages.size(), options.file(), options.gateway());
        ChatImport.Outcome outcome = new ChatImport(Gateways.connect(options.gateway(), options.key()))
                .run(messages, options.waitIndexed(), new ImportProgress(out, terminal, messages.size()));
        out.printf(
                "import: %d stored, %d already there, %d users, %d requests%s%n",
                outcome.created(),
                outcome.duplicates(),
                outcome.users(),
                outcome.requests(),
                options.waitIndexed() ? "; all searchable" : "");
        return 0;
    }
}
