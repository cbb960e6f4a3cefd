package dev.engram.vector.grpc;

import com.google.protobuf.Timestamp;
import java.time.Instant;

/** Conversions between protobuf timestamps and instants. */
final class Timestamps {

    private Timestamps() {}

    static Instant toInstant(Timestamp timestamp) {
        return Instant.ofEpochSecond(timestamp.getSeconds(), timestamp.getNanos());
    }

    static Timestamp of(Instant instant) {
        return Timestamp.newBuilder()
                .setSeconds(instant.getEpochSecond())
                .setNanos(instant.getNano())
                .build();
    }
}
