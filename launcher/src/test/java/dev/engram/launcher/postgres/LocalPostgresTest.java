package dev.engram.launcher.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.engram.launcher.DatabaseSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalPostgresTest {

    @TempDir
    Path data;

    @Test
    void a_restarted_server_listens_on_the_same_port_and_keeps_what_was_committed() throws SQLException {
        Path directory;
        try (LocalPostgres postgres = LocalPostgres.startTemporary()) {
            directory = postgres.dataDirectory();
            DatabaseSettings before = postgres.settings();
            execute(before, "create table note (text varchar(20))", "insert into note values ('kept')");

            postgres.stop();

            assertThat(postgres.isRunning()).isFalse();
            assertThatThrownBy(() -> execute(before, "select 1")).isInstanceOf(SQLException.class);

            postgres.restart();

            assertThat(postgres.settings()).isEqualTo(before);
            assertThat(single(before, "select text from note")).isEqualTo("kept");
        }
        assertThat(directory).as("a temporary server's data goes with it").doesNotExist();
    }

    @Test
    void a_server_with_a_data_directory_leaves_it_in_place_for_the_next_start() throws SQLException {
        int port;
        try (LocalPostgres first = LocalPostgres.start(data, 0)) {
            port = first.port();
            execute(first.settings(), "create table note (text varchar(20))", "insert into note values ('kept')");
        }
        assertThat(Files.exists(data.resolve("PG_VERSION"))).isTrue();

        try (LocalPostgres second = LocalPostgres.start(data, port)) {
            assertThat(single(second.settings(), "select text from note")).isEqualTo("kept");
        }
    }

    @Test
    void a_server_that_keeps_its_data_commits_to_disk_and_a_temporary_one_does_not() throws SQLException {
        try (LocalPostgres kept = LocalPostgres.start(data, 0)) {
            assertThat(single(kept.settings(), "show fsync")).isEqualTo("on");
            assertThat(single(kept.settings(), "show synchronous_commit")).isEqualTo("on");
        }
        try (LocalPostgres temporary = LocalPostgres.startTemporary()) {
            assertThat(single(temporary.settings(), "show fsync")).isEqualTo("off");
            assertThat(single(temporary.settings(), "show synchronous_commit")).isEqualTo("off");
        }
    }

    private static void execute(DatabaseSettings db, String... statements) throws SQLException {
        try (Connection connection = connect(db);
                Statement sql = connection.createStatement()) {
            for (String statement : statements) {
                sql.execute(statement);
            }
        }
    }

    private static String single(DatabaseSettings db, String query) throws SQLException {
        try (Connection connection = connect(db);
                Statement sql = connection.createStatement();
                ResultSet rows = sql.executeQuery(query)) {
            assertThat(rows.next()).isTrue();
            return rows.getString(1);
        }
    }

    private static Connection connect(DatabaseSettings db) throws SQLException {
        String url = "jdbc:postgresql://" + db.host() + ":" + db.port() + "/" + db.name() + "?connectTimeout=2";
        return DriverManager.getConnection(url, db.user(), db.password());
    }
}
