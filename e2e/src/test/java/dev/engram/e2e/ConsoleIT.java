package dev.engram.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The memory console in a real headless Chromium against the running platform, with authentication on: sign in with
 * a key, find a conversation loaded through the API, search it and read the context, edit a profile entry (bad input
 * answered next to the field), delete a session and see it gone, and a read-only key offered no changes. Screenshots
 * of the main pages go to {@code engram.console.screenshots} (default {@code target/console-screenshots}).
 */
@ExtendWith(RunningPlatform.class)
class ConsoleIT {

    private static final String USER = "maya";
    private static final Duration PATIENCE = Duration.ofSeconds(30);

    @TempDir
    Path profile;

    private ChromeDriver browser;
    private WebDriverWait wait;
    private RunningPlatform.Tenant tenant;

    @BeforeEach
    void openBrowserOnAConversation() throws Exception {
        tenant = RunningPlatform.get().tenant("console");
        tenant.gateway()
                .add(conversation(
                        "kitchen/1",
                        List.of(
                                episode(
                                        "m1",
                                        "Maya",
                                        "I adopted a beagle called Pepper last weekend.",
                                        "2026-03-14T18:30:00Z"),
                                episode("m2", "Leo", "A beagle! How is Pepper settling in?", "2026-03-14T18:31:00Z"),
                                episode(
                                        "m3",
                                        "Maya",
                                        "She chews everything, but she loves the garden.",
                                        "2026-03-14T18:32:00Z"))));
        tenant.gateway()
                .add(conversation(
                        "work/2",
                        List.of(episode(
                                "w1",
                                "Maya",
                                "I start my new job at the city library on Monday.",
                                "2026-04-02T09:00:00Z"))));
        browser = HeadlessChromium.start(profile);
        wait = new WebDriverWait(browser, PATIENCE);
    }

    /**
     * No script failed and the Content-Security-Policy refused nothing. (Refused requests, the 400s and 401s these
     * tests provoke, are logged by the browser too, and are expected.)
     */
    @AfterEach
    void closeBrowser() {
        if (browser == null) {
            return;
        }
        try {
            assertThat(browser.manage().logs().get(LogType.BROWSER).getAll())
                    .extracting(LogEntry::getMessage)
                    .noneMatch(message -> message.contains("Uncaught") || message.contains("Content Security Policy"));
        } finally {
            browser.quit();
        }
    }

    @Test
    void a_person_signs_in_finds_searches_corrects_and_deletes_memory() throws Exception {
        browser.get(RunningPlatform.get().gatewayUrl() + "/console");
        signIn(tenant.gateway().key());

        // Users of the project, with their counts; the skip link takes the keyboard to them and stays on the page.
        WebElement maya = shown("tr[data-user='maya']");
        String address = browser.getCurrentUrl();
        browser.executeScript("document.querySelector('a.skip').focus()");
        browser.switchTo().activeElement().sendKeys(Keys.ENTER);
        assertThat(browser.switchTo().activeElement().getAttribute("id")).isEqualTo("main");
        assertThat(browser.getCurrentUrl()).isEqualTo(address);
        assertThat(maya.getText()).contains("maya").contains("4");
        screenshot("users");

        // The user: counts, sessions, episodes over time.
        maya.findElement(By.linkText(USER)).click();
        assertThat(shown("[data-count='stored']").getText()).isEqualTo("4");
        shown("tr[data-session='work/2']");
        shown("svg.timeline rect.bar");
        screenshot("user");

        // A session: its episodes in time order and its short-term memory.
        browser.findElement(By.linkText("kitchen/1")).click();
        shown("#session-episodes li[data-episode='m3']");
        assertThat(browser.findElements(By.cssSelector("#session-episodes li.episode")))
                .extracting(element -> element.getAttribute("data-episode"))
                .containsExactly("m1", "m2", "m3");
        assertThat(shown("section[aria-labelledby='short-term-title']").getText())
                .contains("the recent window holds 3");
        screenshot("session");

        // The search playground: bad input is answered next to its field, then a search shows its context.
        browser.findElement(By.cssSelector("nav"))
                .findElement(By.linkText("Search"))
                .click();
        WebElement query = shown("textarea[data-field='query']");
        query.sendKeys("What is the name of Maya's dog?");
        WebElement topK = browser.findElement(By.cssSelector("input[data-field='top_k']"));
        topK.clear();
        topK.sendKeys("0");
        submit("form.search-form");
        assertThat(shownWithText("[data-error-for='top_k']").getText()).contains("between 1 and 100");
        assertThat(topK.getAttribute("aria-invalid")).isEqualTo("true");
        topK.clear();
        topK.sendKeys("3", Keys.ENTER); // the keyboard alone searches
        assertThat(shownWithText("pre.context").getText()).contains("Pepper");
        assertThat(browser.findElement(By.cssSelector("[data-error-for='top_k']"))
                        .getText())
                .isEmpty();
        shown("li.cluster li.episode.nucleus");
        assertThat(browser.findElements(By.cssSelector("li.cluster li.episode.nucleus")))
                .anySatisfy(nucleus -> assertThat(nucleus.getText()).contains("Pepper"));
        assertThat(browser.findElements(By.cssSelector(".stage-bar .stage"))).isNotEmpty();
        screenshot("search");

        // The profile: add an entry, refuse a bad confidence next to its field, record a new version.
        browser.findElement(By.cssSelector("nav"))
                .findElement(By.linkText("Profile"))
                .click();
        shown("main h1");
        click(By.xpath("//button[normalize-space()='Add an entry…']"));
        type("input[data-field='tag']", "pets");
        type("input[data-field='feature']", "dog");
        type("textarea[data-field='value']", "a beagle called Pepper");
        submit("form.entry-form");
        assertThat(shown("tr[data-feature='dog']").getText()).contains("a beagle called Pepper");
        click(By.cssSelector("button[aria-label='Edit dog']"));
        type("textarea[data-field='value']", "a beagle called Pepper, who loves the garden");
        type("input[data-field='confidence']", "5");
        submit("form.entry-form");
        assertThat(shownWithText("[data-error-for='confidence']").getText()).contains("at most 1");
        type("input[data-field='confidence']", "0.9");
        submit("form.entry-form");
        wait.until(ExpectedConditions.textToBePresentInElementLocated(
                By.cssSelector("tr[data-feature='dog']"), "who loves the garden"));
        wait.until(driver -> driver.findElements(By.cssSelector("table.history tr[data-version]"))
                        .size()
                == 2);
        screenshot("profile");
        assertThat(tenant.gateway().profileHistory(USER).getList("entries.value"))
                .containsExactly("a beagle called Pepper", "a beagle called Pepper, who loves the garden");

        // Deleting a session asks first, then follows the deletion until every store has it.
        browser.get(RunningPlatform.get().gatewayUrl() + "/console/#/users/maya/sessions/work%2F2");
        shown("#session-episodes li[data-episode='w1']");
        click(By.xpath("//button[normalize-space()='Delete this session…']"));
        shown("dialog.confirm[open]");
        screenshot("confirm-deletion");
        click(By.xpath("//dialog//button[normalize-space()='Delete session']"));
        shown("[data-deletion-status='complete']");
        assertThat(tenant.gateway()
                        .listEpisodes(USER, Map.of("session_id", "work/2"))
                        .getList("episodes"))
                .isEmpty();
        browser.findElement(By.cssSelector("nav"))
                .findElement(By.linkText(USER))
                .click();
        shown("tr[data-session='kitchen/1']");
        assertThat(browser.findElements(By.cssSelector("tr[data-session='work/2']")))
                .isEmpty();
        assertThat(shown("[data-count='stored']").getText()).isEqualTo("3");

        // One episode, then the whole user.
        browser.findElement(By.linkText("kitchen/1")).click();
        click(By.cssSelector("button[aria-label='Delete episode m2']"));
        click(By.xpath("//dialog//button[normalize-space()='Delete episode']"));
        shown("li.episode.deleted[data-episode='m2'] [data-deletion-status='complete']");
        assertThat(tenant.gateway().episodeStatus(USER, "m2")).isEqualTo(404);
        browser.findElement(By.cssSelector("nav"))
                .findElement(By.linkText(USER))
                .click();
        click(By.xpath("//button[normalize-space()='Delete this user…']"));
        click(By.xpath("//dialog//button[normalize-space()='Delete user']"));
        shown("[data-deletion-status='complete']");
        browser.findElement(By.linkText("Back to the users")).click();
        shown("p.empty"); // maya was the project's only user
        assertThat(browser.findElements(By.cssSelector("tr[data-user='maya']"))).isEmpty();
        assertThat(tenant.gateway().status(USER).getInt("stored")).isZero();
    }

    @Test
    void a_read_only_key_is_offered_no_changes_and_a_wrong_key_is_told_so() throws Exception {
        String readOnly = RunningPlatform.get().admin().createKey(tenant.project(), "read");
        browser.get(RunningPlatform.get().gatewayUrl() + "/console/");

        signIn("egk_0000000000000000_wrong");
        assertThat(shownWithText("form.sign-in .form-problem").getText()).contains("401");

        signIn(readOnly);
        assertThat(shown("#who").getText()).contains(tenant.project()).contains("read");
        browser.get(RunningPlatform.get().gatewayUrl() + "/console/#/users/maya/sessions/kitchen%2F1");
        shown("#session-episodes li[data-episode='m1']");
        assertThat(browser.findElements(By.xpath("//button[contains(., 'Delete')]")))
                .isEmpty();
        browser.get(RunningPlatform.get().gatewayUrl() + "/console/#/users/maya/profile");
        shown("form.inline");
        assertThat(browser.findElements(By.xpath("//button[contains(., 'Add an entry')]")))
                .isEmpty();
        assertThat(browser.getCurrentUrl()).doesNotContain(readOnly);
    }

    private void signIn(String key) {
        WebElement input = shown("form.sign-in input[type='password']");
        input.clear();
        input.sendKeys(key);
        submit("form.sign-in");
    }

    private WebElement shown(String css) {
        return wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(css)));
    }

    private WebElement shownWithText(String css) {
        return wait.until(driver -> {
            WebElement element = driver.findElement(By.cssSelector(css));
            return element.isDisplayed() && !element.getText().isBlank() ? element : null;
        });
    }

    private void click(By what) {
        wait.until(ExpectedConditions.elementToBeClickable(what)).click();
    }

    private void type(String css, String text) {
        WebElement input = shown(css);
        input.clear();
        input.sendKeys(text);
    }

    private void submit(String formCss) {
        browser.findElement(By.cssSelector(formCss))
                .findElement(By.cssSelector("button[type='submit']"))
                .click();
    }

    private void screenshot(String page) throws Exception {
        Path folder = Path.of(System.getProperty("engram.console.screenshots", "target/console-screenshots"));
        Files.createDirectories(folder);
        Path taken = browser.getScreenshotAs(OutputType.FILE).toPath();
        Files.copy(taken, folder.resolve(page + ".png"), StandardCopyOption.REPLACE_EXISTING);
    }

    private static Map<String, Object> conversation(String session, List<Map<String, Object>> episodes) {
        return Map.of("user_id", USER, "session_id", session, "episodes", episodes, "wait", "indexed");
    }

    private static Map<String, Object> episode(String id, String producer, String content, String timestamp) {
        return Map.of("id", id, "producer", producer, "content", content, "timestamp", timestamp);
    }
}
