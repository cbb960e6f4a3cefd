package dev.engram.profile.service;

import dev.engram.profile.model.ProfileEntry;
import java.util.HashSet;
import java.util.Set;

/**
 * Whether two entries of one subject and tag say the same thing. Lexical, not embeddings: profile
 * values are short phrases where word overlap after normalisation ({@link Words}) decides nearly
 * every case ("hiking" / "going hiking", "Boston" / "Boston, MA"), and it needs no model in this
 * service. Same feature: the values are compared, and one value's words all appearing in the other
 * also counts. Different features: feature and value are compared together.
 */
public final class Similarity {

    private Similarity() {}

    public static boolean exactDuplicate(ProfileEntry a, String feature, String value) {
        return Words.normalise(a.feature).equals(Words.normalise(feature))
                && Words.normalise(a.value).equals(Words.normalise(value));
    }

    public static boolean nearDuplicate(ProfileEntry a, String feature, String value, double threshold) {
        if (Words.normalise(a.feature).equals(Words.normalise(feature))) {
            Set<String> x = new HashSet<>(Words.of(a.value));
            Set<String> y = new HashSet<>(Words.of(value));
            return dice(x, y) >= threshold || contained(x, y) || contained(y, x);
        }
        Set<String> x = new HashSet<>(Words.of(a.feature + " " + a.value));
        Set<String> y = new HashSet<>(Words.of(feature + " " + value));
        return dice(x, y) >= threshold;
    }

    /**
     * Whether {@code value} says more than {@code a}'s value of the same feature: all of its words and
     * more ("nurse" → "charge nurse"). Such an update is a new value, not a near-duplicate.
     */
    public static boolean refines(String feature, String value, ProfileEntry a) {
        if (!Words.normalise(a.feature).equals(Words.normalise(feature))) {
            return false;
        }
        Set<String> old = new HashSet<>(Words.of(a.value));
        Set<String> now = new HashSet<>(Words.of(value));
        return !old.isEmpty() && now.containsAll(old) && now.size() > old.size();
    }

    static double dice(Set<String> x, Set<String> y) {
        if (x.isEmpty() || y.isEmpty()) {
            return 0;
        }
        Set<String> common = new HashSet<>(x);
        common.retainAll(y);
        return 2.0 * common.size() / (x.size() + y.size());
    }

    private static boolean contained(Set<String> smaller, Set<String> larger) {
        return !smaller.isEmpty() && larger.containsAll(smaller);
    }
}
