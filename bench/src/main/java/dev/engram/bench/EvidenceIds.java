package dev.engram.bench;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * LoCoMo's evidence lists are hand-written and messy: several ids in one string ({@code "D8:6; D9:17"}),
 * a stray colon ({@code D:11:26}), zero-padded turn numbers, ids of turns that do not exist. They are
 * read as the benchmark guide prescribes, so that every retriever is scored on the same evidence.
 */
public final class EvidenceIds {

    private static final Pattern SEPARATORS = Pattern.compile("[;,\\s]+");
    private static final Pattern DIA_ID = Pattern.compile("D:?(\\d+):(\\d+)");

    private EvidenceIds() {}

    /**
     * The evidence turns of a question, in the order given, without duplicates.
     *
     * @param raw the {@code evidence} strings of the question
     * @param turnIds the ids of the turns of the question's conversation; other ids are dropped
     * @return the ids that name a turn; empty when none does (the question is then skipped)
     */
    public static List<String> normalize(List<String> raw, Set<String> turnIds) {
        Set<String> ids = new LinkedHashSet<>();
        for (String entry : raw) {
            if (entry == null) {
                continue;
            }
            for (String token : SEPARATORS.split(entry.strip())) {
                normalizeToken(token).filter(turnIds::contains).ifPresent(ids::add);
            }
        }
        return List.copyOf(ids);
    }

    /** One id in canonical form ({@code D11:26}), or empty when the token is not a turn id. */
    static Optional<String> normalizeToken(String token) {
        Matcher matcher = DIA_ID.matcher(token);
        if (!matcher.matches()) {
            return Optional.empty();
        }
        return Optional.of("D" + matcher.group(1) + ":" + stripLeadingZeros(matcher.group(2)));
    }

    private static String stripLeadingZeros(String digits) {
        String stripped = digits.replaceFirst("^0+", "");
        return stripped.isEmpty() ? "0" : stripped;
    }
}
