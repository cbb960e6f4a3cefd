package dev.engram.e2e.fuzz;

import java.util.List;
import java.util.function.Function;

/**
 * One public endpoint as the contract describes it: its parameters and body with their shapes, which key it
 * needs, how a valid request is made, what a valid request must be answered with, and what an accepted request
 * must have done.
 *
 * @param bodyLimit the largest body the gateway reads for this endpoint
 * @param cases requests drawn against the model as it is now: valid ones, with the statuses they may get from
 *     what is stored, and ones made invalid by what is stored (an id that is taken, a version that is closed)
 * @param accepted checks a 2xx answer and records its effect in the model
 */
record Endpoint(
        String method,
        String path,
        List<Param> pathParams,
        List<Param> query,
        Shape.ObjectShape body,
        Access access,
        int bodyLimit,
        Function<Model, Gen<Case>> cases,
        Acceptance accepted) {

    /** A path or query parameter. */
    record Param(String name, Shape shape, boolean required) {}

    /** The key a request needs. */
    enum Access {
        /** A key of the fuzzed project with the read scope. */
        READ,
        /** A key of the fuzzed project with the write scope. */
        WRITE,
        /** The bootstrap key. */
        SUPER_ADMIN,
        /** The bootstrap key or an admin key of the project whose keys are fuzzed. */
        KEYS_ADMIN,
        /** An admin key of the (empty) project that is reindexed. */
        REINDEX_ADMIN
    }

    /** What a 2xx answer must hold, and what it changed. */
    @FunctionalInterface
    interface Acceptance {
        void check(Request request, Answer answer, Model model);
    }

    String name() {
        return method + " " + path;
    }

    boolean mutates() {
        return !method.equals("GET");
    }
}
