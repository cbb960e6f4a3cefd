package dev.engram.profile.service;

import dev.engram.profile.model.ProfileEntry;
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
        return sameFeature(a.feature, feature)
                && Phrases.of(a.value).normalised().equals(Phrases.of(value).normalised());
    }

    public static boolean nearDuplicate(ProfileEntry a, String feature, String value, double threshold) {
        if (sameFeature(a.feature, feature)) {
            Set<String> x = Phrases.of(a.value).words();
            Set<String> y = Phrases.of(value).words();
            return dice(x, y) >= threshold || contained(x, y) || contained(y, x);
        }
        Set<String> x = Phrases.of(a.feature + " " + a.value).words();
        Set<String> y = Phrases.of(feature + " " + value).words();
        return dice(x, y) >= threshold;
    }

    /**
     * Whether {@code value} says more than {@code a}'s value of the same feature: all of its words and
     * more ("nurse" → "charge nurse"). Such an update is a new value, not a near-duplicate.
     */
    public static boolean refines(String feature, String value, ProfileEntry a) {
        if (!sameFeature(a.feature, feature)) {
            return false;
        }
        Set<String> old = Phrases.of(a.value).words();
        Set<String> now = Phrases.of(value).words();
        return !old.isEmpty() && now.containsAll(old) && now.size() > old.size();
    }

    private static boolean sameFeature(String a, String b) {
        return Phrases.of(a).normalised().equals(Phrases.of(b).normalised());
    }

    static double dice(Set<String> x, Set<String> y) {
        if (x.isEmpty() || y.isEmpty()) {
            return 0;
        }
        Set<String> smaller = x.size() <= y.size() ? x : y;
        Set<String> larger = smaller == x ? y : x;
        long common = smaller.stream().filter(larger::contains).count();
        return 2.0 * common / (x.size() + y.size());
    }

    private static boolean contained(Set<String> smaller, Set<String> larger) {
        return !smaller.isEmpty() && larger.containsAll(smaller);
    }
}
