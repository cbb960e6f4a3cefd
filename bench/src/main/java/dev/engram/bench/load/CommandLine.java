package dev.engram.bench.load;

import java.util.regex.Pattern;

/**
 * The command line of a run, for the report: the arguments as given, quoted where a shell would split them.
 * The API key is the one argument left out: reports are shared, keys are not.
 */
public final class CommandLine {

    static final String PROGRAM = "bin/engram-load";
    static final String HIDDEN = "<hidden>";

    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9._/:=@%+,-]+");

    private CommandLine() {}

    public static String render(String[] args) {
        return render(PROGRAM, args);
    }

    /** As {@link #render(String[])}, for another of the bench's programs. */
    public static String render(String program, String[] args) {
        StringBuilder line = new StringBuilder(program);
        for (int i = 0; i < args.length; i++) {
            line.append(' ');
            boolean secret = i > 0 && args[i - 1].equals("--api-key");
            line.append(secret ? HIDDEN : quote(args[i]));
        }
        return line.toString();
    }

    static String quote(String arg) {
        if (PLAIN.matcher(arg).matches()) {
            return arg;
        }
        return "'" + arg.replace("'", "'\\''") + "'";
    }
}
