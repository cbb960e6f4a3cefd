package dev.engram.e2e.fuzz;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A generator of values, drawn from a seeded random source, so that a seed replays a run exactly. Bounds are
 * drawn more often than chance would draw them: a whole number at its minimum or maximum, a list at its smallest
 * or largest size, each an eighth of the time.
 */
@FunctionalInterface
interface Gen<T> {

    T next(SplittableRandom random);

    /** A generator and how often to draw from it, relative to the others of a {@link #frequency}. */
    record Weighted<T>(int weight, Gen<? extends T> gen) {}

    static <T> Weighted<T> weight(int weight, Gen<? extends T> gen) {
        return new Weighted<>(weight, gen);
    }

    default <U> Gen<U> map(Function<? super T, ? extends U> change) {
        return random -> change.apply(next(random));
    }

    default <U> Gen<U> flatMap(Function<? super T, ? extends Gen<? extends U>> then) {
        return random -> then.apply(next(random)).next(random);
    }

    /** Draws until a value passes; a filter that passes too little is a mistake of the generator's author. */
    default Gen<T> filter(Predicate<? super T> keep) {
        return random -> {
            for (int attempt = 0; attempt < 10_000; attempt++) {
                T value = next(random);
                if (keep.test(value)) {
                    return value;
                }
            }
            throw new IllegalStateException("a filter let no value through in 10000 draws");
        };
    }

    /** Null with probability {@code share}. */
    default Gen<T> orNull(double share) {
        return random -> random.nextDouble() < share ? null : next(random);
    }

    /** Lists of {@code min} to {@code max} values. */
    default Gen<List<T>> list(int min, int max) {
        return random -> {
            int size = size(random, min, max);
            List<T> values = new ArrayList<>(size);
            for (int i = 0; i < size; i++) {
                values.add(next(random));
            }
            return values;
        };
    }

    static <T> Gen<T> just(T value) {
        return random -> value;
    }

    @SafeVarargs
    static <T> Gen<T> of(T... values) {
        return of(List.of(values));
    }

    static <T> Gen<T> of(List<T> values) {
        List<T> copy = List.copyOf(values);
        if (copy.isEmpty()) {
            throw new IllegalArgumentException("nothing to choose from");
        }
        return random -> copy.get(random.nextInt(copy.size()));
    }

    @SafeVarargs
    static <T> Gen<T> oneOf(Gen<? extends T>... gens) {
        List<Gen<? extends T>> all = List.of(gens);
        return random -> all.get(random.nextInt(all.size())).next(random);
    }

    @SafeVarargs
    static <T> Gen<T> frequency(Weighted<T>... choices) {
        return frequency(List.of(choices));
    }

    static <T> Gen<T> frequency(List<Weighted<T>> choices) {
        List<Weighted<T>> copy = List.copyOf(choices);
        int total = copy.stream().mapToInt(Weighted::weight).sum();
        return random -> {
            int pick = random.nextInt(total);
            for (Weighted<T> choice : copy) {
                pick -= choice.weight();
                if (pick < 0) {
                    return choice.gen().next(random);
                }
            }
            throw new IllegalStateException("unreachable");
        };
    }

    /** Whole numbers from {@code min} to {@code max}, both included. */
    static Gen<Integer> integers(int min, int max) {
        return random -> size(random, min, max);
    }

    static Gen<Long> longs(long min, long max) {
        return random -> random.nextLong(min, max + 1);
    }

    /** Texts of exactly {@code length} characters of {@code chars}. */
    static Gen<String> strings(String chars, int length) {
        return random -> {
            StringBuilder text = new StringBuilder(length);
            for (int i = 0; i < length; i++) {
                text.append(chars.charAt(random.nextInt(chars.length())));
            }
            return text.toString();
        };
    }

    /** Maps of {@code min} to {@code max} entries; a key drawn twice counts once, so keys must vary enough. */
    static <K, V> Gen<Map<K, V>> maps(Gen<K> keys, Gen<V> values, int min, int max) {
        return random -> {
            int size = size(random, min, max);
            Map<K, V> map = new LinkedHashMap<>();
            for (int attempt = 0; map.size() < size && attempt < 100 * (size + 1); attempt++) {
                map.put(keys.next(random), values.next(random));
            }
            return map;
        };
    }

    /** A value of each generator, in order. */
    static <T> Gen<List<T>> all(List<Gen<T>> gens) {
        List<Gen<T>> copy = List.copyOf(gens);
        return random -> {
            List<T> values = new ArrayList<>(copy.size());
            copy.forEach(gen -> values.add(gen.next(random)));
            return values;
        };
    }

    static <A, B, R> Gen<R> combine(Gen<A> a, Gen<B> b, BiFunction<? super A, ? super B, ? extends R> combined) {
        return random -> combined.apply(a.next(random), b.next(random));
    }

    static <A, B, C, R> Gen<R> combine(Gen<A> a, Gen<B> b, Gen<C> c, Function3<A, B, C, R> combined) {
        return random -> combined.apply(a.next(random), b.next(random), c.next(random));
    }

    static <A, B, C, D, R> Gen<R> combine(Gen<A> a, Gen<B> b, Gen<C> c, Gen<D> d, Function4<A, B, C, D, R> combined) {
        return random -> combined.apply(a.next(random), b.next(random), c.next(random), d.next(random));
    }

    @FunctionalInterface
    interface Function3<A, B, C, R> {
        R apply(A a, B b, C c);
    }

    @FunctionalInterface
    interface Function4<A, B, C, D, R> {
        R apply(A a, B b, C c, D d);
    }

    /** At least {@code min} distinct values of {@code values}, in a random order. */
    static <T> Gen<List<T>> subset(List<T> values, int min) {
        return random -> {
            List<T> shuffled = new ArrayList<>(values);
            Collections.shuffle(shuffled, new Random(random.nextLong()));
            return List.copyOf(shuffled.subList(0, size(random, min, values.size())));
        };
    }

    /** A size from {@code min} to {@code max}, either bound an eighth of the time. */
    private static int size(SplittableRandom random, int min, int max) {
        if (min == max) {
            return min;
        }
        int roll = random.nextInt(8);
        if (roll == 0) {
            return min;
        }
        if (roll == 1) {
            return max;
        }
        return (int) random.nextLong(min, (long) max + 1);
    }
}
