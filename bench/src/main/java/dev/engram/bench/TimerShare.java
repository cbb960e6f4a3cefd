package dev.engram.bench;

/**
 * What one service timer cost a search during a pass: how often it ran per search and how long it took each time.
 * Timers nest (a stage of the retrieval agent contains the gRPC call it waits for), and calls of one search may run
 * side by side, so the times do not add up to the search's round trip.
 *
 * @param service the service that exported the timer
 * @param timer the metric's name without its unit, with the labels that tell it apart, e.g.
 *     {@code engram_retrieval_stage{stage=context}}
 */
public record TimerShare(String service, String timer, double callsPerSearch, double msPerCall) {

    public double msPerSearch() {
        return callsPerSearch * msPerCall;
    }
}
