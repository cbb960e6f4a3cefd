package dev.engram.e2e;

import dev.engram.launcher.DatabaseSettings;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Looks for a text in every text column of every table the services own in PostgreSQL, the way an auditor
 * would check that deleted data is gone: not through the API, which could merely hide it.
 */
final class StoreTraces {

    private static final String TEXT_COLUMNS = "select table_schema, table_name, column_name"
            + " from information_schema.columns where table_schema in ('ingest', 'profile', 'gateway')"
            + " and data_type in ('text', 'character varying', 'ARRAY', 'jsonb', 'json')";

    private final DatabaseSettings database;

    StoreTraces(DatabaseSettings database) {
        this.database = database;
    }

    /** Every {@code schema.table.column} holding the text anywhere in a row. */
    List<String> find(String text) throws SQLException {
        List<String> found = new ArrayList<>();
        try (Connection connection = DriverManager.getConnection(
                        "jdbc:postgresql://" + database.host() + ":" + database.port() + "/" + database.name(),
                        database.user(),
                        database.password());
                PreparedStatement columns = connection.prepareStatement(TEXT_COLUMNS);
                ResultSet rows = columns.executeQuery()) {
            while (rows.next()) {
                String column = rows.getString(1) + "." + rows.getString(2) + "." + rows.getString(3);
                String sql = "select count(*) from " + quoted(rows.getString(1)) + "." + quoted(rows.getString(2))
                        + " where " + quoted(rows.getString(3)) + "::text ilike ?";
                try (PreparedStatement count = connection.prepareStatement(sql)) {
                    count.setString(1, "%" + text + "%");
                    try (ResultSet result = count.executeQuery()) {
                        result.next();
                        if (result.getLong(1) > 0) {
                            found.add(column);
                        }
                    }
                }
            }
        }
        return found;
    }

    private static String quoted(String identifier) {
        return "\"" + identifier.replace("\"", "\"\"") + "\"";
    }
}
