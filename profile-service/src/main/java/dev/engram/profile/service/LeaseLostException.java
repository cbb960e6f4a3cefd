package dev.engram.profile.service;

/** A batch's lease ran out and another worker claimed it: this worker's result must not be written. */
public class LeaseLostException extends RuntimeException {

    public LeaseLostException(String project, String userId) {
        super("the extraction batch of user " + userId + " in project " + project + " was taken over");
    }
}
