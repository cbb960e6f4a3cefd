package dev.engram.e2e.fuzz;

import java.util.Set;

/**
 * One generated request and what the contract allows as its answer.
 *
 * @param mutation what was changed in a valid request, null for a valid request
 * @param statuses the statuses allowed; empty for any status below 500
 * @param refuse whether the request breaks a rule, so that only a 4xx is allowed
 * @param field the field a refusal of invalid input must name (or a field inside it), null when none is known
 * @param sameRoute false when the server may route the request elsewhere (a path with dot segments is
 *     normalized), so that a 2xx answer says nothing about this endpoint
 */
record Case(Request request, String mutation, Set<Integer> statuses, boolean refuse, String field, boolean sameRoute) {

    /** A valid request, which must get one of {@code statuses}. */
    static Case valid(Request request, Integer... statuses) {
        return new Case(request, null, Set.of(statuses), false, null, true);
    }

    /** A request that breaks the rule of {@code field}. */
    static Case invalid(Request request, String mutation, String field) {
        return new Case(request, mutation, Set.of(), true, field, true);
    }

    /** A request that is odd but lawful: any answer below 500; a refusal naming a field names {@code field}. */
    static Case odd(Request request, String mutation, String field) {
        return new Case(request, mutation, Set.of(), false, field, true);
    }

    /** A request whose answer the contract fixes, e.g. 401 without a key. */
    static Case exactly(Request request, String mutation, Integer... statuses) {
        return new Case(request, mutation, Set.of(statuses), true, null, true);
    }

    Case rerouted() {
        return new Case(request, mutation, statuses, refuse, field, false);
    }

    boolean isValid() {
        return mutation == null;
    }

    String label() {
        return mutation == null ? "valid" : mutation;
    }
}
