package dev.engram.gateway.model;

import java.util.List;

/** A new API key of a project: a name to recognise it by and its scopes ({@code read}, {@code write}, {@code admin}). */
public record CreateApiKeyRequest(String name, List<String> scopes) {}
