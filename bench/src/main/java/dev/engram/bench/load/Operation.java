package dev.engram.bench.load;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One request a client is about to send.
 *
 * @param userId the memory user it writes to or searches
 * @param body the JSON body
 * @param episodes episodes the body adds; 0 for a search
 */
public record Operation(RequestKind kind, String userId, ObjectNode body, int episodes) {}
