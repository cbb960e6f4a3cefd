package dev.engram.profile.service;

import dev.engram.profile.model.CommandOp;
import dev.engram.profile.model.ProfileCommand;
import dev.engram.profile.model.ProfileEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Checks extraction commands one by one against the batch they came from: a known tag of the
 * project, a subject, feature and value within bounds, evidence that cites only episodes of the
 * batch, a confidence in [0, 1], and for a delete an entry that is current. A bad command is
 * rejected alone; the batch's other commands still apply.
 */
public final class CommandValidator {

    static final int MAX_SUBJECT = 200;
    static final int MAX_FEATURE = 200;
    static final int MAX_VALUE = 1000;

    /** The commands that passed, with tags spelled as configured, and a reason per rejected one. */
    public record Checked(List<ProfileCommand> accepted, List<String> rejections) {}

    private CommandValidator() {}

    public static Checked check(
            List<ProfileCommand> commands, List<String> tags, Set<String> batchEpisodes, List<ProfileEntry> current) {
        Map<String, String> tagByKey = tags.stream()
                .collect(Collectors.toMap(t -> t.toLowerCase(Locale.ROOT).strip(), Function.identity()));
        Set<String> currentIds = current.stream().map(e -> e.id.toString()).collect(Collectors.toSet());
        List<ProfileCommand> accepted = new ArrayList<>();
        List<String> rejections = new ArrayList<>();
        for (ProfileCommand command : commands) {
            Optional<String> problem = problem(command, tagByKey, batchEpisodes, currentIds);
            if (problem.isPresent()) {
                rejections.add(problem.get() + ": " + command);
            } else {
                String tag = command.tag() == null
                        ? null
                        : tagByKey.get(command.tag().toLowerCase(Locale.ROOT).strip());
                accepted.add(new ProfileCommand(
                        command.op(),
                        strip(command.subject()),
                        tag,
                        strip(command.feature()),
                        strip(command.value()),
                        command.evidence(),
                        command.confidence(),
                        strip(command.entryId())));
            }
        }
        return new Checked(accepted, rejections);
    }

    private static Optional<String> problem(
            ProfileCommand c, Map<String, String> tags, Set<String> batchEpisodes, Set<String> currentIds) {
        if (c.op() == null) {
            return Optional.of("no op");
        }
        if (c.evidence() == null || c.evidence().isEmpty()) {
            return Optional.of("no evidence");
        }
        if (!batchEpisodes.containsAll(c.evidence())) {
            return Optional.of("evidence outside the batch");
        }
        if (!(c.confidence() >= 0 && c.confidence() <= 1)) {
            return Optional.of("confidence outside [0, 1]");
        }
        if (c.op() == CommandOp.DELETE && !blank(c.entryId())) {
            return currentIds.contains(c.entryId().strip())
                    ? Optional.empty()
                    : Optional.of("delete of an entry that is not current");
        }
        if (blank(c.subject()) || c.subject().length() > MAX_SUBJECT) {
            return Optional.of("subject missing or too long");
        }
        if (c.tag() == null
                || !tags.containsKey(c.tag().toLowerCase(Locale.ROOT).strip())) {
            return Optional.of("unknown tag");
        }
        if (blank(c.feature()) || c.feature().length() > MAX_FEATURE) {
            return Optional.of("feature missing or too long");
        }
        if (c.op() != CommandOp.DELETE && (blank(c.value()) || c.value().length() > MAX_VALUE)) {
            return Optional.of("value missing or too long");
        }
        return Optional.empty();
    }

    private static boolean blank(String text) {
        return text == null || text.isBlank();
    }

    private static String strip(String text) {
        return text == null ? null : text.strip();
    }
}
