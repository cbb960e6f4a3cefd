package dev.engram.profile.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.profile.model.ProfileEntry;
import dev.engram.profile.model.ProfileSource;
import dev.engram.testing.PostgresTestResource;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import jakarta.inject.Inject;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class ProfileEntryRepositoryTest {

    @Inject
    ProfileEntryRepository repository;

    @Test
    void an_entry_survives_a_round_trip_through_the_database() throws Throwable {
        Instant validFrom = Instant.parse("2023-05-08T13:56:00Z");
        Instant recordedAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
        ProfileEntry entry = new ProfileEntry();
        entry.id = UUID.randomUUID();
        entry.project = "default";
        entry.userId = "caroline";
        entry.subject = "Caroline";
        entry.category = "profile";
        entry.tag = "identity";
        entry.feature = "gender identity";
        entry.value = "transgender woman";
        entry.validFrom = validFrom;
        entry.evidence = new String[] {"conv-26:D1:5", "conv-26:D1:7"};
        entry.source = ProfileSource.LLM;
        entry.confidence = 0.9f;
        entry.recordedAt = recordedAt;

        VertxContextSupport.subscribeAndAwait(() -> Panache.withTransaction(() -> repository.persist(entry)));
        ProfileEntry read =
                VertxContextSupport.subscribeAndAwait(() -> Panache.withSession(() -> repository.findById(entry.id)));

        assertThat(read).isNotSameAs(entry);
        assertThat(read.userId).isEqualTo("caroline");
        assertThat(read.subject).isEqualTo("Caroline");
        assertThat(read.feature).isEqualTo("gender identity");
        assertThat(read.value).isEqualTo("transgender woman");
        assertThat(read.validFrom).isEqualTo(validFrom);
        assertThat(read.validTo).isNull();
        assertThat(read.evidence).containsExactly("conv-26:D1:5", "conv-26:D1:7");
        assertThat(read.source).isEqualTo(ProfileSource.LLM);
        assertThat(read.confidence).isEqualTo(0.9f);
        assertThat(read.recordedAt).isEqualTo(recordedAt);
        assertThat(read.retiredAt).isNull();
    }

    @Test
    void the_current_profile_of_a_user_is_queryable() throws Throwable {
        String user = "user-" + UUID.randomUUID();
        ProfileEntry current = entry(user, "city", "Boston", null);
        ProfileEntry closed = entry(user, "city", "Seattle", Instant.parse("2023-01-01T00:00:00Z"));

        VertxContextSupport.subscribeAndAwait(() ->
                Panache.withTransaction(() -> repository.persist(current).chain(() -> repository.persist(closed))));
        long currentCount = VertxContextSupport.subscribeAndAwait(() -> Panache.withSession(
                () -> repository.count("userId = ?1 and validTo is null and retiredAt is null", user)));

        assertThat(currentCount).isEqualTo(1);
    }

    private static ProfileEntry entry(String user, String feature, String value, Instant validTo) {
        ProfileEntry entry = new ProfileEntry();
        entry.id = UUID.randomUUID();
        entry.project = "default";
        entry.userId = user;
        entry.subject = user;
        entry.category = "profile";
        entry.tag = "home";
        entry.feature = feature;
        entry.value = value;
        entry.validFrom = Instant.parse("2022-01-01T00:00:00Z");
        entry.validTo = validTo;
        entry.source = ProfileSource.MANUAL;
        entry.confidence = 1f;
        entry.recordedAt = Instant.now();
        return entry;
    }
}
