package dev.engram.launcher;

import dev.engram.launcher.postgres.LocalPostgres;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/** The commands behind {@code bin/engram}: up, down, status, demo. */
public final class Main {

    private Main() {}

    public static void main(String[] args) throws Exception {
        String command = args.length == 0 ? "help" : args[0];
        Path home = Path.of(System.getProperty("engram.home", "."));
        Platform platform = new Platform(PlatformSettings.fromEnvironment(home, System.getenv()));
        try {
            switch (command) {
                case "up" -> up(platform);
                case "down" -> {
                    platform.stopAll();
                    System.out.println("Engram stopped.");
                }
                case "status" -> status(platform);
                case "demo" -> new Demo(platform.settings().url(ServiceKind.GATEWAY), System.out).run();
                case "postgres" -> runPostgres(Path.of(args[1]), Integer.parseInt(args[2]));
                default -> usage();
            }
        } catch (IllegalStateException | IllegalArgumentException e) {
            System.err.println("engram " + command + ": " + e.getMessage());
            System.exit(1);
        }
    }

    private static void up(Platform platform) {
        PlatformSettings settings = platform.settings();
        System.out.println("Starting Engram; logs in " + settings.logDirectory());
        platform.startAll();
        System.out.println("Engram is up: gateway " + settings.url(ServiceKind.GATEWAY));
        System.out.println("  OpenAPI  " + settings.url(ServiceKind.GATEWAY) + "/q/openapi");
        System.out.println("  logs     " + settings.logDirectory());
        System.out.println("  stop     bin/engram down");
    }

    private static void status(Platform platform) {
        Map<String, String> states = platform.status();
        states.forEach((name, state) -> System.out.printf("%-24s %s%n", name, state));
        System.out.println("logs: " + platform.settings().logDirectory());
    }

    /** Runs the embedded PostgreSQL in the foreground until the process is told to stop. */
    private static void runPostgres(Path dataDirectory, int port) throws InterruptedException {
        LocalPostgres postgres = LocalPostgres.start(dataDirectory, port);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            postgres.close();
            stopped.countDown();
        }));
        System.out.println("PostgreSQL ready on " + postgres.host() + ":" + postgres.port());
        stopped.await();
    }

    private static void usage() {
        System.out.println("usage: bin/engram up|down|status|demo|import");
    }
}
