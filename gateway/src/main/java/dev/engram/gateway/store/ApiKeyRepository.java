package dev.engram.gateway.store;

import dev.engram.gateway.security.Scope;
import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * API keys in PostgreSQL. Every authenticated request reads its key here, uncached, so that a revocation takes
 * effect on the very next request on every gateway replica (a primary-key read costs well under a millisecond).
 */
@ApplicationScoped
public class ApiKeyRepository {

    private static final String COLUMNS = "id, project, name, scopes, salt, secret_hash, created_at, revoked_at";

    private final Pool pool;

    public ApiKeyRepository(Pool pool) {
        this.pool = pool;
    }

    public Uni<Optional<StoredKey>> find(String id) {
        return pool.preparedQuery("select " + COLUMNS + " from gateway.api_key where id = $1")
                .execute(Tuple.of(id))
                .map(rows -> first(rows));
    }

    public Uni<StoredKey> insert(StoredKey key) {
        String[] scopes = key.scopes().stream().map(Scope::wireName).toArray(String[]::new);
        return pool.preparedQuery("insert into gateway.api_key (id, project, name, scopes, salt, secret_hash)"
                        + " values ($1, $2, $3, $4, $5, $6) returning " + COLUMNS)
                .execute(Tuple.from(List.of(
                        key.id(),
                        key.project(),
                        key.name(),
                        scopes,
                        Buffer.buffer(key.salt()),
                        Buffer.buffer(key.secretHash()))))
                .map(rows -> first(rows).orElseThrow());
    }

    public Uni<List<StoredKey>> listByProject(String project) {
        return pool.preparedQuery(
                        "select " + COLUMNS + " from gateway.api_key where project = $1 order by created_at, id")
                .execute(Tuple.of(project))
                .map(ApiKeyRepository::all);
    }

    /** Revokes a key of the project; false when the project has no such key. Revoking twice keeps the first time. */
    public Uni<Boolean> revoke(String project, String id) {
        return pool.preparedQuery("update gateway.api_key set revoked_at = coalesce(revoked_at, now())"
                        + " where project = $1 and id = $2")
                .execute(Tuple.of(project, id))
                .map(rows -> rows.rowCount() > 0);
    }

    private static Optional<StoredKey> first(RowSet<Row> rows) {
        var iterator = rows.iterator();
        return iterator.hasNext() ? Optional.of(toKey(iterator.next())) : Optional.empty();
    }

    private static List<StoredKey> all(RowSet<Row> rows) {
        List<StoredKey> keys = new ArrayList<>();
        rows.forEach(row -> keys.add(toKey(row)));
        return keys;
    }

    private static StoredKey toKey(Row row) {
        Set<Scope> scopes = EnumSet.noneOf(Scope.class);
        for (String name : row.getArrayOfStrings("scopes")) {
            Scope.fromWireName(name).ifPresent(scopes::add);
        }
        OffsetDateTime revokedAt = row.getOffsetDateTime("revoked_at");
        return new StoredKey(
                row.getString("id"),
                row.getString("project"),
                row.getString("name"),
                scopes,
                row.getBuffer("salt").getBytes(),
                row.getBuffer("secret_hash").getBytes(),
                row.getOffsetDateTime("created_at"),
                revokedAt);
    }
}
