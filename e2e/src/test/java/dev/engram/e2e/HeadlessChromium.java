package dev.engram.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * A real Chromium, headless, driven through its ChromeDriver: Debian's {@code chromium} and {@code chromium-driver}
 * (or those {@code ENGRAM_CHROMIUM} and {@code ENGRAM_CHROMEDRIVER} name). A machine without them gets them from
 * apt when the test runs as root; nothing is downloaded by Selenium itself, since both paths are given.
 */
final class HeadlessChromium {

    private static final List<String> BROWSERS = List.of("/usr/bin/chromium", "/usr/bin/chromium-browser");
    private static final List<String> DRIVERS = List.of("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver");

    private HeadlessChromium() {}

    /** A new browser with an empty profile and a laptop-sized window. */
    static ChromeDriver start(Path profile) throws IOException, InterruptedException {
        if (find("ENGRAM_CHROMIUM", BROWSERS).isEmpty()
                || find("ENGRAM_CHROMEDRIVER", DRIVERS).isEmpty()) {
            install();
        }
        Path browser = find("ENGRAM_CHROMIUM", BROWSERS).orElseThrow(() -> missing("chromium"));
        Path driver = find("ENGRAM_CHROMEDRIVER", DRIVERS).orElseThrow(() -> missing("chromedriver"));
        ChromeOptions options = new ChromeOptions().setBinary(browser.toFile());
        // The machine's network is closed: Chromium's own background connections would only fail, many at a time.
        options.addArguments(
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-dev-shm-usage",
                "--window-size=1366,900",
                "--user-data-dir=" + profile);
        // The page's console messages, so that a test can see script errors and refused content.
        options.setCapability("goog:loggingPrefs", Map.of("browser", "ALL"));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(driver.toFile())
                .usingAnyFreePort()
                .withTimeout(Duration.ofSeconds(60))
                .build();
        return new ChromeDriver(service, options);
    }

    private static Optional<Path> find(String variable, List<String> candidates) {
        String named = System.getenv(variable);
        if (named != null && !named.isBlank()) {
            return Optional.of(Path.of(named)).filter(Files::isExecutable);
        }
        return candidates.stream().map(Path::of).filter(Files::isExecutable).findFirst();
    }

    private static void install() throws IOException, InterruptedException {
        if (!"root".equals(System.getProperty("user.name")) || !Files.isExecutable(Path.of("/usr/bin/apt-get"))) {
            return;
        }
        run("apt-get", "update", "-qq");
        run("apt-get", "install", "-y", "-qq", "chromium", "chromium-driver");
    }

    private static void run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        if (!process.waitFor(10, TimeUnit.MINUTES)) {
            process.destroyForcibly();
        }
    }

    private static IllegalStateException missing(String what) {
        return new IllegalStateException(what + " was not found and could not be installed: install Debian's chromium"
                + " and chromium-driver, or name them in ENGRAM_CHROMIUM and ENGRAM_CHROMEDRIVER");
    }
}
