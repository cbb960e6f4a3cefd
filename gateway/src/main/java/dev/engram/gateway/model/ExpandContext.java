package dev.engram.gateway.model;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * How many neighbours of the same session come with each matching episode, and whether only those the
 * search hit too ({@code matching}), every one ({@code all}), or those of its topic segment ({@code by: segment}).
 */
public record ExpandContext(
        @Schema(description = "Left out: the retrieval service's default (engram.retrieval.default-before).")
        Integer before,

        @Schema(description = "Left out: the retrieval service's default (engram.retrieval.default-after).")
        Integer after,

        @Schema(
                description = "matching: only neighbours the search hit too; all: every neighbour in range. Left out,"
                        + " the service default (engram.retrieval.default-neighbours), except that under mode auto a question asking for"
                        + " several things (\"What activities does she do?\") gets its hits without neighbours,"
                        + " whatever before and after say")
        String neighbours,

        @Schema(
                description = "window (left out): before and after turns, as neighbours allows; segment: the turns of"
                        + " the matching episode's topic segment in its session's segment tree, at most before and after"
                        + " turns away (10 each when left out), whether the search hit them or not")
        String by) {}
