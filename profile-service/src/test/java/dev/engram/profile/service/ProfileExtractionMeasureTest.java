package dev.engram.profile.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.profile.extraction.RuleExtractor;
import dev.engram.profile.model.CommandOp;
import dev.engram.profile.model.ObservedEpisode;
import dev.engram.profile.model.ProfileCommand;
import dev.engram.profile.model.ProfileEntry;
import dev.engram.profile.model.ProfileSource;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The rule extractor (no LLM) over the dev sets: every turn of the 3 LoCoMo dev conversations (the
 * speaker is the producer) and every user turn of the LongMemEval-S dev haystacks (each distinct
 * session once, in order of first appearance; the producer is "user"). Prints the extracted
 * entries and, per LoCoMo conversation, what the profile holds after applying them in turn order
 * through {@link ProfileChanges} (one user, both speakers as subjects).
 *
 * <p><b>Recall against LoCoMo's {@code observation} facts</b> (per session, per speaker, each with
 * evidence turn ids). An observation of speaker S with evidence turns T is <em>recalled</em> when
 * some extracted ADD/UPDATE command has subject S, cites a turn of T, and shares content words with
 * the observation: with W(x) = {@link Words#of} of x (lower case, function words dropped, light
 * stemming) minus both speakers' names, |W(value) ∩ W(observation)| ≥ min(2, |W(value)|), i.e. two
 * shared words, or all of the value's words when it has only one. Also printed: turn coverage (an
 * observation counts when any such command of S cites one of its turns, words aside), an upper
 * bound of the recall.
 *
 * <p><b>Hand-check sample</b>: of every {@value #LOCOMO_EVERY} extracted ADD/UPDATE commands of LoCoMo
 * the first and the middle one, and of every {@value #LONGMEMEVAL_SAMPLE_EVERY} of LongMemEval the first and
 * the 21st, in extraction order (two disjoint systematic draws), written with its evidence turn to {@code
 * target/profile-extraction/sample.tsv}; the judged copy is {@code
 * src/test/resources/profile-hand-check.tsv}, whose precision is printed; it keeps the verdicts without the
 * evidence sentences, which belong to the datasets and stay out of the repository (the run writes them to the
 * sample in {@code target}). Everything extracted is
 * written to {@code target/profile-extraction/entries.tsv}. Skipped when the dev data ({@code
 * ../shared/data} beside the repository) is not there.
 */
class ProfileExtractionMeasureTest {

    private static final Path DATA = Path.of("..", "..", "shared", "data");
    private static final Path LOCOMO = DATA.resolve("locomo").resolve("locomo-dev.json");
    private static final Path LONGMEMEVAL = DATA.resolve("longmemeval").resolve("longmemeval-s-dev.json");
    private static final Path OUT = Path.of("target", "profile-extraction");
    private static final Pattern DIA_ID = Pattern.compile("D\\d+:\\d+");
    /** The hand-check sample: two commands of every 3 of LoCoMo, two of every 40 of LongMemEval (about 220). */
    private static final int LOCOMO_EVERY = 3;

    private static final int LONGMEMEVAL_SAMPLE_EVERY = 40;
    private static final int LONGMEMEVAL_EVERY = 5;

    private final RuleExtractor rules = new RuleExtractor();

    /** One extracted command with the turn it came from. */
    private record Extracted(String source, ProfileCommand command, String text) {}

    @Test
    void rule_extraction_over_the_dev_sets() throws IOException {
        assumeTrue(Files.isRegularFile(LOCOMO), "LoCoMo dev data not found at " + LOCOMO.toAbsolutePath());
        Files.createDirectories(OUT);
        List<Extracted> all = new ArrayList<>();
        int observations = 0;
        int recalled = 0;
        int covered = 0;
        StringBuilder summary = new StringBuilder();
        for (JsonNode conversation : new ObjectMapper().readTree(LOCOMO.toFile())) {
            String sample = conversation.get("sample_id").asText();
            JsonNode sessions = conversation.get("conversation");
            Set<String> names = new HashSet<>();
            names.addAll(Words.of(sessions.get("speaker_a").asText()));
            names.addAll(Words.of(sessions.get("speaker_b").asText()));
            List<ObservedEpisode> turns = new ArrayList<>();
            for (int number = 1; sessions.has("session_" + number); number++) {
                for (JsonNode turn : sessions.get("session_" + number)) {
                    turns.add(episode(
                            sample + ":" + turn.get("dia_id").asText(),
                            turn.get("speaker").asText(),
                            turn.path("text").asText(),
                            turns.size()));
                }
            }
            Map<String, String> textOf = new LinkedHashMap<>();
            turns.forEach(t -> textOf.put(t.episodeId, t.content));
            List<ProfileCommand> commands = rules.extract(turns);
            commands.forEach(c ->
                    all.add(new Extracted(sample, c, textOf.get(c.evidence().get(0)))));

            int convObservations = 0;
            int convRecalled = 0;
            int convCovered = 0;
            for (JsonNode session : iterable(conversation.get("observation"))) {
                for (Map.Entry<String, JsonNode> speaker : iterableFields(session)) {
                    for (JsonNode observation : speaker.getValue()) {
                        String fact = observation.get(0).asText();
                        Set<String> evidence = new HashSet<>();
                        Matcher ids = DIA_ID.matcher(observation.get(1).toString());
                        while (ids.find()) {
                            evidence.add(sample + ":" + ids.group());
                        }
                        Set<String> factWords = new HashSet<>(Words.of(fact));
                        factWords.removeAll(names);
                        boolean anyFromTurn = false;
                        boolean match = false;
                        for (ProfileCommand c : commands) {
                            if (c.op() == CommandOp.DELETE
                                    || !c.subject().equals(speaker.getKey())
                                    || !evidence.contains(c.evidence().get(0))) {
                                continue;
                            }
                            anyFromTurn = true;
                            Set<String> valueWords = new HashSet<>(Words.of(c.value()));
                            valueWords.removeAll(names);
                            int shared = (int) valueWords.stream()
                                    .filter(factWords::contains)
                                    .count();
                            if (!valueWords.isEmpty() && shared >= Math.min(2, valueWords.size())) {
                                match = true;
                            }
                        }
                        convObservations++;
                        convCovered += anyFromTurn ? 1 : 0;
                        convRecalled += match ? 1 : 0;
                    }
                }
            }
            Profile profile = apply(commands, turns);
            System.out.printf("%n== %s (%d turns) ==%n", sample, turns.size());
            profile.entries.stream()
                    .filter(e -> e.retiredAt == null)
                    .forEach(e -> System.out.printf(
                            "  %s | %s | %s = %s%s%n",
                            e.subject, e.tag, e.feature, e.value, e.validTo == null ? "" : "  (closed)"));
            summary.append(String.format(
                    Locale.ROOT,
                    "  %-8s turns %3d  commands %4d (delete %2d)  entries %4d (current %4d, closed %3d, retired %3d)"
                            + "  observations %3d  recalled %3d (%.3f)  turn coverage %.3f%n",
                    sample,
                    turns.size(),
                    commands.size(),
                    commands.stream().filter(c -> c.op() == CommandOp.DELETE).count(),
                    profile.entries.size(),
                    profile.entries.stream()
                            .filter(e -> e.validTo == null && e.retiredAt == null)
                            .count(),
                    profile.entries.stream().filter(e -> e.validTo != null).count(),
                    profile.entries.stream().filter(e -> e.retiredAt != null).count(),
                    convObservations,
                    convRecalled,
                    (double) convRecalled / convObservations,
                    (double) convCovered / convObservations));
            observations += convObservations;
            recalled += convRecalled;
            covered += convCovered;
        }
        summary.append(String.format(
                Locale.ROOT,
                "  LoCoMo   observations %d  recalled %d (%.3f)  turn coverage %.3f%n",
                observations,
                recalled,
                (double) recalled / observations,
                (double) covered / observations));

        if (Files.isRegularFile(LONGMEMEVAL)) {
            longMemEval(all, summary);
        }
        Set<String> sampled = write(all);
        System.out.printf("%nProfile extraction (rules) over the dev sets:%n%s", summary);
        handCheck(sampled);
        assertThat(observations).isGreaterThan(600);
    }

    private void longMemEval(List<Extracted> all, StringBuilder summary) throws IOException {
        Map<String, JsonNode> sessions = new LinkedHashMap<>();
        for (JsonNode question : new ObjectMapper().readTree(LONGMEMEVAL.toFile())) {
            JsonNode ids = question.get("haystack_session_ids");
            JsonNode bodies = question.get("haystack_sessions");
            for (int i = 0; i < ids.size(); i++) {
                sessions.putIfAbsent(ids.get(i).asText(), bodies.get(i));
            }
        }
        List<ObservedEpisode> turns = new ArrayList<>();
        for (Map.Entry<String, JsonNode> session : sessions.entrySet()) {
            int index = 0;
            for (JsonNode turn : session.getValue()) {
                if (turn.get("role").asText().equals("user")) {
                    turns.add(episode(
                            "lme:" + session.getKey() + ":" + index,
                            "user",
                            turn.get("content").asText(),
                            turns.size()));
                }
                index++;
            }
        }
        Map<String, String> textOf = new LinkedHashMap<>();
        turns.forEach(t -> textOf.put(t.episodeId, t.content));
        List<ProfileCommand> commands = rules.extract(turns);
        commands.forEach(c ->
                all.add(new Extracted("longmemeval", c, textOf.get(c.evidence().get(0)))));
        System.out.printf("%n== LongMemEval dev (every %d-th command) ==%n", LONGMEMEVAL_EVERY);
        for (int i = 0; i < commands.size(); i += LONGMEMEVAL_EVERY) {
            ProfileCommand c = commands.get(i);
            System.out.printf("  %s %s | %s = %s%n", c.op(), c.tag(), c.feature(), c.value());
        }
        long withAny = turns.stream()
                .filter(t -> commands.stream().anyMatch(c -> c.evidence().get(0).equals(t.episodeId)))
                .count();
        summary.append(String.format(
                Locale.ROOT,
                "  LongMemEval  %d distinct sessions, %d user turns  commands %d (delete %d)  turns with a command %d%n",
                sessions.size(),
                turns.size(),
                commands.size(),
                commands.stream().filter(c -> c.op() == CommandOp.DELETE).count(),
                withAny));
    }

    /** The commands applied in turn order, as the writer would (one user), then consolidated. */
    private static Profile apply(List<ProfileCommand> commands, List<ObservedEpisode> turns) {
        Map<String, Instant> timeOf = new LinkedHashMap<>();
        turns.forEach(t -> timeOf.put(t.episodeId, t.ts));
        ProfileChanges changes = new ProfileChanges("default", "u", "profile", 0.8, List.of());
        commands.forEach(c -> changes.apply(c, timeOf.get(c.evidence().get(0)), ProfileSource.RULES));
        Consolidation.run(changes.entries(), 0.8, 25);
        return new Profile(changes.entries());
    }

    private record Profile(List<ProfileEntry> entries) {}

    /** Writes everything extracted and the hand-check sample; returns the sample's source|speaker|entry keys. */
    private static Set<String> write(List<Extracted> all) throws IOException {
        Set<String> sampled = new HashSet<>();
        try (PrintWriter entries = new PrintWriter(Files.newBufferedWriter(OUT.resolve("entries.tsv")));
                PrintWriter sample = new PrintWriter(Files.newBufferedWriter(OUT.resolve("sample.tsv")))) {
            sample.println("source\tspeaker\tentry\tevidence\tverdict\treason");
            Map<String, Integer> seen = new LinkedHashMap<>();
            for (Extracted e : all) {
                ProfileCommand c = e.command();
                String line = String.join(
                        "\t",
                        e.source(),
                        c.subject(),
                        c.op() + " " + c.tag() + " / " + c.feature() + " = " + (c.value() == null ? "" : c.value()),
                        oneLine(e.text(), c.value()));
                entries.println(line);
                if (c.op() == CommandOp.DELETE) {
                    continue;
                }
                String group = e.source().equals("longmemeval") ? "longmemeval" : "locomo";
                int n = seen.merge(group, 1, Integer::sum);
                int every = group.equals("locomo") ? LOCOMO_EVERY : LONGMEMEVAL_SAMPLE_EVERY;
                // Two disjoint draws: the first of every k commands, and the one halfway between.
                if ((n - 1) % every == 0 || (n - 1) % every == every / 2) {
                    sample.println(line + "\t\t");
                    sampled.add(line.substring(0, line.lastIndexOf('\t')));
                }
            }
        }
        return sampled;
    }

    /**
     * Prints the precision of the judged sample, and how much of it the current rules still draw:
     * after a change of the rules the sample must be drawn and judged again.
     */
    private static void handCheck(Set<String> sampled) throws IOException {
        try (InputStream in = ProfileExtractionMeasureTest.class.getResourceAsStream("/profile-hand-check.tsv")) {
            if (in == null) {
                return;
            }
            Map<String, int[]> bySource = new LinkedHashMap<>();
            bySource.put("locomo", new int[2]);
            bySource.put("longmemeval", new int[2]);
            bySource.put("all", new int[2]);
            int stillDrawn = 0;
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .skip(1)
                    .toList()) {
                String[] columns = line.split("\t", -1);
                stillDrawn += sampled.contains(columns[0] + "\t" + columns[1] + "\t" + columns[2]) ? 1 : 0;
                String group = columns[0].equals("longmemeval") ? "longmemeval" : "locomo";
                int[] counts = bySource.computeIfAbsent(group, g -> new int[2]);
                counts[0]++;
                counts[1] += columns[4].equals("correct") ? 1 : 0;
                int[] total = bySource.computeIfAbsent("all", g -> new int[2]);
                total[0]++;
                total[1] += columns[4].equals("correct") ? 1 : 0;
            }
            System.out.println("Hand-checked precision (src/test/resources/profile-hand-check.tsv):");
            bySource.forEach((group, counts) -> System.out.printf(
                    Locale.ROOT,
                    "  %-12s %d of %d correct = %.3f%n",
                    group,
                    counts[1],
                    counts[0],
                    (double) counts[1] / counts[0]));
            System.out.printf(
                    "  judged entries the current rules still draw: %d of %d%n", stillDrawn, bySource.get("all")[0]);
        }
    }

    private static ObservedEpisode episode(String id, String speaker, String content, int index) {
        ObservedEpisode episode = new ObservedEpisode();
        episode.project = "default";
        episode.userId = "u";
        episode.episodeId = id;
        episode.producer = speaker;
        episode.content = content;
        // Turn order is time order; the real dates only matter through it.
        episode.ts = Instant.parse("2023-01-01T00:00:00Z").plusSeconds(60L * index);
        return episode;
    }

    /** The turn on one line; a long one only around where the value is said. */
    private static String oneLine(String text, String value) {
        String flat = text == null ? "" : text.replaceAll("\\s+", " ").strip();
        if (flat.length() <= 400) {
            return flat;
        }
        int at = value == null ? -1 : flat.toLowerCase(Locale.ROOT).indexOf(value.toLowerCase(Locale.ROOT));
        int from = Math.max(0, Math.min(at < 0 ? 0 : at - 200, flat.length() - 400));
        return (from > 0 ? "… " : "") + flat.substring(from, from + 400) + (from + 400 < flat.length() ? " …" : "");
    }

    private static Iterable<JsonNode> iterable(JsonNode node) {
        List<JsonNode> values = new ArrayList<>();
        node.elements().forEachRemaining(values::add);
        return values;
    }

    private static Iterable<Map.Entry<String, JsonNode>> iterableFields(JsonNode node) {
        List<Map.Entry<String, JsonNode>> fields = new ArrayList<>();
        node.fields().forEachRemaining(fields::add);
        return fields;
    }
}
