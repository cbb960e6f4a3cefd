package dev.engram.ingest.model;

import java.util.List;

/**
 * A short-term memory as read: the summary, how many episodes it covers, and every episode it does
 * not cover yet (the recent window, plus evicted episodes the summarizer has not reached), in
 * session order.
 */
public record ShortTermView(String summary, long summarizedEpisodes, List<StoredEpisode> episodes) {}
