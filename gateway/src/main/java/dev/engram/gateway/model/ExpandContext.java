package dev.engram.gateway.model;

import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * How many neighbours of the same session come with each matching episode, and whether only those the
 * search hit too ({@code matching}) or every one ({@code all}).
 */
public record ExpandContext(
        @Schema(defaultValue = "1", minimum = "0", maximum = "10")
        Integer before,

        @Schema(defaultValue = "2", minimum = "0", maximum = "10")
        Integer after,

        @Schema(
                defaultValue = "matching",
                enumeration = {"matching", "all"},
                description = "matching: only neighbours the search hit too; all: every neighbour in range. Left out,"
                        + " the service default (matching), except that under mode auto a question asking for"
                        + " several things (\"What activities does she do?\") gets its hits without neighbours,"
                        + " whatever before and after say")
        String neighbours) {

    public static final List<String> NEIGHBOURS = List.of("matching", "all");
}
