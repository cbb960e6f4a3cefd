package dev.engram.gateway.model;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a part of a request body in which a field the API does not know is refused ({@code "is not a known
 * field"}), even where the rest of the body tolerates unknown fields: a misspelt field there would change what the
 * request does without the caller hearing of it: an edit would store something else than the caller meant, and a
 * search filter left out is a wider search.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
public @interface RefusesUnknownFields {}
