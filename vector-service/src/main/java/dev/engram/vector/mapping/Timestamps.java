package dev.engram.vector.mapping;

import com.google.protobuf.Timestamp;
import java.time.Instant;

/** Conversions between protobuf timestamps and instants. */
public final class Timestamps {

    private Timestamps() {}

    public static Instant toInstant(Timestamp timestamp) {
        return Instant.ofEpochSecond(timestamp.getSeconds(), timestamp.getNanos());
    }

    public static Timestamp of(Instant instant) {
        return Timestamp.newBuilder()
                .setSeconds(instant.getEpochSecond())
                .setNanos(instant.getNano())
                .build();
    }
}
