package dev.engram.profile.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.profile.model.ProfileEntry;
import dev.engram.profile.model.ProfileSource;
import dev.engram.profile.service.ProfileEdits;
import dev.engram.testing.PostgresTestResource;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * The V3 migration links versions closed before {@code replaced_by} existed, so deleting their
 * replacement reopens them too. Rows are written without links, as the service wrote them before,
 * and the migration is run again over them.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class ReplacedByBackfillTest {

    private static final String MIGRATION = "db/migration/V3__replaced_by.sql";

    @Inject
    ProfileEntryRepository repository;

    @Inject
    ProfileEdits edits;

    @Inject
    DataSource dataSource;

    @Test
    void a_version_closed_before_links_existed_is_linked_to_its_one_successor_and_reopens_when_it_goes()
            throws Throwable {
        String user = "user-" + UUID.randomUUID();
        ProfileEntry boston = entry(user, "Maria", "Home", "Boston", "2023-01-01T00:00:00Z", "2023-06-01T00:00:00Z");
        ProfileEntry denver = entry(user, "maria", "home", "Denver", "2023-06-01T00:00:00Z", null);
        ProfileEntry lima = entry(user, "Maria", "origin", "Lima", "2020-01-01T00:00:00Z", "2021-01-01T00:00:00Z");
        ProfileEntry quito = entry(user, "Maria", "origin", "Quito", "2021-01-01T00:00:00Z", null);
        ProfileEntry oslo = entry(user, "Maria", "origin", "Oslo", "2021-01-01T00:00:00Z", null);
        ProfileEntry paris =
                entry(user, "Maria", "birthplace", "Paris", "2019-01-01T00:00:00Z", "2019-02-01T00:00:00Z");
        VertxContextSupport.subscribeAndAwait(
                () -> Panache.withTransaction(() -> repository.persist(boston, denver, lima, quito, oslo, paris)));

        runMigrationAgain();

        assertThat(read(boston).replacedBy).isEqualTo(denver.id);
        assertThat(read(lima).replacedBy).as("two successors: no guess").isNull();
        assertThat(read(paris).replacedBy).as("closed without a successor").isNull();

        boolean deleted = VertxContextSupport.subscribeAndAwait(() -> edits.delete("default", user, denver.id));

        assertThat(deleted).isTrue();
        assertThat(read(boston).validTo).isNull();
    }

    private void runMigrationAgain() throws IOException, SQLException {
        String script;
        try (InputStream in = getClass().getClassLoader().getResourceAsStream(MIGRATION)) {
            script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        try (Connection connection = dataSource.getConnection();
                Statement statement = connection.createStatement()) {
            statement.execute(script);
        }
    }

    private ProfileEntry read(ProfileEntry entry) throws Throwable {
        return VertxContextSupport.subscribeAndAwait(() -> Panache.withSession(() -> repository.findById(entry.id)));
    }

    private static ProfileEntry entry(
            String user, String subject, String feature, String value, String validFrom, String validTo) {
        ProfileEntry entry = new ProfileEntry();
        entry.id = UUID.randomUUID();
        entry.project = "default";
        entry.userId = user;
        entry.subject = subject;
        entry.category = "profile";
        entry.tag = "location";
        entry.feature = feature;
        entry.value = value;
        entry.validFrom = Instant.parse(validFrom);
        entry.validTo = validTo == null ? null : Instant.parse(validTo);
        entry.evidence = new String[] {user + ":" + value};
        entry.source = ProfileSource.RULES;
        entry.confidence = 0.7f;
        entry.recordedAt = Instant.now();
        return entry;
    }
}
