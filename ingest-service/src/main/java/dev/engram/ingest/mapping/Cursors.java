package dev.engram.ingest.mapping;

import dev.engram.grpc.contract.FieldRule;
import dev.engram.proto.v1.Scope;

/** The cursors of the listings ordered by id: users by their id, a user's sessions by theirs. */
public final class Cursors {

    public static final KeyCursor USERS = new KeyCursor(
            "u1", FieldRule.of(Scope.getDescriptor().findFieldByName("user_id")).pattern());
    public static final KeyCursor SESSIONS = new KeyCursor(
            "s1",
            FieldRule.of(Scope.getDescriptor().findFieldByName("session_id")).pattern());

    private Cursors() {}
}
