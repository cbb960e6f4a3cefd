package dev.engram.e2e.fuzz;

/**
 * What the endpoints of a fuzz run share: the model, the keys, the wire, and the projects it works in.
 *
 * @param project the project whose memory is fuzzed
 * @param keysProject the project whose API keys are created, listed and revoked
 * @param reindexProject an empty project, so that reindexing it is cheap
 */
record FuzzContext(Model model, Keys keys, Wire wire, String project, String keysProject, String reindexProject) {}
