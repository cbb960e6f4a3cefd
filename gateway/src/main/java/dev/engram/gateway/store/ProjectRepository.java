package dev.engram.gateway.store;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Projects (tenants) in PostgreSQL. */
@ApplicationScoped
public class ProjectRepository {

    private final Pool pool;

    public ProjectRepository(Pool pool) {
        this.pool = pool;
    }

    /** Creates the project; empty when one with that id exists already. */
    public Uni<Optional<StoredProject>> insert(String id, String name) {
        return pool.preparedQuery("insert into gateway.project (id, name) values ($1, $2)"
                        + " on conflict (id) do nothing returning id, name, created_at")
                .execute(Tuple.of(id, name))
                .map(ProjectRepository::first);
    }

    public Uni<Optional<StoredProject>> find(String id) {
        return pool.preparedQuery("select id, name, created_at from gateway.project where id = $1")
                .execute(Tuple.of(id))
                .map(ProjectRepository::first);
    }

    public Uni<List<StoredProject>> list() {
        return pool.query("select id, name, created_at from gateway.project order by id")
                .execute()
                .map(rows -> {
                    List<StoredProject> projects = new ArrayList<>();
                    rows.forEach(row -> projects.add(toProject(row)));
                    return projects;
                });
    }

    private static Optional<StoredProject> first(RowSet<Row> rows) {
        var iterator = rows.iterator();
        return iterator.hasNext() ? Optional.of(toProject(iterator.next())) : Optional.empty();
    }

    private static StoredProject toProject(Row row) {
        return new StoredProject(row.getString("id"), row.getString("name"), row.getOffsetDateTime("created_at"));
    }
}
