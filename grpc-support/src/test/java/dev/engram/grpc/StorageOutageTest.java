package dev.engram.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.Status;
import java.net.ConnectException;
import java.sql.SQLException;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

class StorageOutageTest {

    private final StorageOutageHandlerProvider provider = new StorageOutageHandlerProvider();

    @Test
    void a_refused_connection_deep_in_the_causes_is_an_outage() {
        Throwable failure = new CompletionException(new IllegalStateException(new ConnectException("refused")));
        assertThat(StorageOutage.causedBy(failure)).isTrue();
        assertThat(Status.fromThrowable(provider.transform(failure)).getCode()).isEqualTo(Status.Code.UNAVAILABLE);
    }

    @Test
    void connection_and_shutdown_sql_states_are_outages_and_others_are_not() {
        assertThat(StorageOutage.causedBy(new SQLException("gone", "08006"))).isTrue();
        assertThat(StorageOutage.causedBy(new SQLException("shutting down", "57P01")))
                .isTrue();
        assertThat(StorageOutage.causedBy(new SQLException("starting up", "57P03")))
                .isTrue();
        assertThat(StorageOutage.causedBy(new SQLException("duplicate key", "23505")))
                .isFalse();
    }

    @Test
    void a_bug_stays_a_failure_of_the_service() {
        Throwable bug = new NullPointerException();
        assertThat(StorageOutage.causedBy(bug)).isFalse();
        assertThat(Status.fromThrowable(provider.transform(bug)).getCode()).isEqualTo(Status.Code.UNKNOWN);
    }

    @Test
    void a_status_the_service_chose_is_kept() {
        Throwable notFound = Status.NOT_FOUND.withDescription("no such episode").asRuntimeException();
        assertThat(Status.fromThrowable(provider.transform(notFound)).getCode()).isEqualTo(Status.Code.NOT_FOUND);
    }
}
