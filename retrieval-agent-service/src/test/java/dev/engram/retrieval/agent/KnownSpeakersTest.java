package dev.engram.retrieval.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.engram.proto.v1.Scope;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class KnownSpeakersTest {

    private static final Scope CAROLINE = scope("p", "caroline");

    @Test
    void remembers_the_speakers_seen_for_a_user_and_only_for_that_user() {
        KnownSpeakers known = known(10);

        known.saw(CAROLINE, List.of("Caroline", "Melanie"));
        known.saw(CAROLINE, List.of("Melanie", "Jon"));

        assertThat(known.of(CAROLINE)).containsExactlyInAnyOrder("Caroline", "Melanie", "Jon");
        assertThat(known.of(scope("p", "gina"))).isEmpty();
        assertThat(known.of(scope("other", "caroline"))).isEmpty();
    }

    @Test
    void project_and_user_ids_cannot_spell_another_pair() {
        KnownSpeakers known = known(10);

        known.saw(scope("ab", "c"), List.of("Caroline"));

        assertThat(known.of(scope("a", "bc"))).isEmpty();
    }

    @Test
    void forgets_the_user_searched_least_recently_first() {
        KnownSpeakers known = known(2);
        known.saw(scope("p", "a"), List.of("Ann"));
        known.saw(scope("p", "b"), List.of("Bob"));
        known.of(scope("p", "a"));

        known.saw(scope("p", "c"), List.of("Cy"));

        assertThat(known.of(scope("p", "a"))).containsExactly("Ann");
        assertThat(known.of(scope("p", "b"))).isEmpty();
        assertThat(known.of(scope("p", "c"))).containsExactly("Cy");
    }

    @Test
    void keeps_a_bounded_number_of_speakers_per_user() {
        KnownSpeakers known = known(10);

        known.saw(CAROLINE, IntStream.range(0, 100).mapToObj(i -> "Speaker" + i).toList());

        assertThat(known.of(CAROLINE)).hasSize(KnownSpeakers.MAX_SPEAKERS_PER_USER);
    }

    @Test
    void forgets_a_user_not_seen_for_longer_than_the_time_to_live() {
        AtomicLong now = new AtomicLong();
        KnownSpeakers known = new KnownSpeakers(10, Duration.ofMinutes(10), now::get);
        known.saw(CAROLINE, List.of("Caroline"));

        now.addAndGet(Duration.ofMinutes(9).toNanos());
        known.saw(CAROLINE, List.of("Melanie"));
        now.addAndGet(Duration.ofMinutes(9).toNanos());
        assertThat(known.of(CAROLINE)).containsExactlyInAnyOrder("Caroline", "Melanie");

        now.addAndGet(Duration.ofMinutes(1).toNanos());
        assertThat(known.of(CAROLINE)).isEmpty();
    }

    @Test
    void remembers_nobody_when_it_may_keep_no_user() {
        KnownSpeakers known = known(0);

        known.saw(CAROLINE, List.of("Caroline"));

        assertThat(known.of(CAROLINE)).isEmpty();
    }

    @Test
    void a_negative_setting_is_refused() {
        assertThatThrownBy(() -> known(-1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("known-speakers-users");
    }

    private static KnownSpeakers known(int maxUsers) {
        return new KnownSpeakers(maxUsers, Duration.ofMinutes(10), System::nanoTime);
    }

    private static Scope scope(String project, String user) {
        return Scope.newBuilder().setProject(project).setUserId(user).build();
    }
}
