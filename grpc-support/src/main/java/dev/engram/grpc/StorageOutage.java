package dev.engram.grpc;

import java.lang.reflect.Method;
import java.net.ConnectException;
import java.nio.channels.ClosedChannelException;
import java.sql.SQLException;

/**
 * Whether a failure means the database could not be reached, rather than that the request or the code was
 * wrong. Callers may retry the first (the request was not carried out, or is idempotent), not the second.
 */
public final class StorageOutage {

    private static final int MAX_DEPTH = 16;

    private StorageOutage() {}

    public static boolean causedBy(Throwable failure) {
        Throwable cause = failure;
        for (int depth = 0; cause != null && depth < MAX_DEPTH; depth++) {
            if (cause instanceof ConnectException
                    || cause instanceof ClosedChannelException
                    || cause.getClass().getSimpleName().equals("ClosedConnectionException")
                    || isUnavailableState(sqlState(cause))) {
                return true;
            }
            cause = cause.getCause();
        }
        return false;
    }

    /**
     * SQLSTATE class 08 is a connection exception; 57P01-57P03 mean the server is shutting down, crashed, or
     * cannot accept connections yet (starting up, recovering).
     */
    static boolean isUnavailableState(String state) {
        return state != null && (state.startsWith("08") || state.startsWith("57P"));
    }

    /** The SQLSTATE of a JDBC or a reactive PostgreSQL client failure, read without depending on either. */
    private static String sqlState(Throwable failure) {
        if (failure instanceof SQLException sql) {
            return sql.getSQLState();
        }
        if (!failure.getClass().getSimpleName().equals("PgException")) {
            return null;
        }
        try {
            Method state = failure.getClass().getMethod("getSqlState");
            return (String) state.invoke(failure);
        } catch (ReflectiveOperationException | ClassCastException e) {
            return null;
        }
    }
}
