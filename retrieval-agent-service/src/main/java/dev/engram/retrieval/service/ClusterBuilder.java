package dev.engram.retrieval.service;

import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.EpisodeContext;
import dev.engram.retrieval.model.EpisodeCluster;
import dev.engram.retrieval.model.Nucleus;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns nuclei and their neighbourhoods into clusters. Neighbourhoods that overlap or touch become
 * one cluster, so the caller never reads an episode twice and never gets one stretch of dialogue cut
 * into two pieces that compete with each other (unless only refused neighbours lie between them, see
 * below). A cluster stops growing at a size cap: without one,
 * a lively stretch of dialogue where many nuclei sit side by side merges into a single cluster of
 * dozens of episodes, and the reader has to wade through all of it, in session order, before the
 * second-best cluster. A neighbourhood that meets a full cluster keeps only the episodes that
 * cluster does not already hold. Neighbours may be filtered, so a cluster can skip an episode of its
 * stretch; it stays in session order.
 */
@ApplicationScoped
public class ClusterBuilder {

    /** Session order: timestamp, then arrival; the id only keeps the order total. */
    static final Comparator<Episode> SESSION_ORDER = Comparator.<Episode>comparingLong(
                    e -> e.getTimestamp().getSeconds())
            .thenComparingInt(e -> e.getTimestamp().getNanos())
            .thenComparingLong(Episode::getSequence)
            .thenComparing(Episode::getId);

    private static final Comparator<Draft> RETRIEVAL_ORDER = Comparator.comparingInt(d -> d.nucleusPosition);

    /**
     * Clusters in the order of their best nucleus, at most {@code limit}. Nuclei are taken best first
     * until {@code limit} clusters exist, so lower-ranked nuclei never grow better clusters into whole
     * sessions. Each context is expected to reach one episode further on each side than the cluster
     * keeps ({@code before + 1}, {@code after + 1}): that extra episode is how touching is detected,
     * and it is not part of the cluster. Nuclei without a context (deleted since they were indexed)
     * are dropped. A cluster grows by merging to at most {@code maxEpisodes} episodes. A neighbour
     * joins only when {@code keepsNeighbour} admits it beside its nucleus; the nucleus always does. Touching is
     * judged on the episodes a cluster holds, so two clusters whose gap holds only refused neighbours
     * stay apart.
     */
    public List<EpisodeCluster> build(
            List<Nucleus> nuclei,
            List<EpisodeContext> contexts,
            int before,
            int after,
            int limit,
            int maxEpisodes,
            NeighbourGate keepsNeighbour) {
        Map<String, EpisodeContext> contextById = new HashMap<>();
        contexts.forEach(context -> contextById.putIfAbsent(context.getEpisodeId(), context));

        List<Draft> drafts = new ArrayList<>();
        for (int position = 0; position < nuclei.size() && drafts.size() < limit; position++) {
            Nucleus nucleus = nuclei.get(position);
            EpisodeContext context = contextById.get(nucleus.episodeId());
            if (context != null && drafts.stream().noneMatch(d -> d.contains(nucleus.episodeId()))) {
                Draft draft = Draft.of(nucleus, position, context.getEpisodesList(), before, after, keepsNeighbour);
                if (draft != null) {
                    absorb(drafts, draft, maxEpisodes, keepsNeighbour);
                }
            }
        }
        return drafts.stream().sorted(RETRIEVAL_ORDER).map(Draft::toCluster).toList();
    }

    /**
     * Adds a draft, merging it with every draft it overlaps or touches while the result stays within
     * {@code maxEpisodes} and the gate admits the weaker draft's episodes beside the stronger one's nucleus,
     * as it would admit that nucleus's own neighbours: touching alone does not make a turn context for a hit.
     * From a draft it does not merge with, it only drops the shared episodes. Drafts are disjoint and a new
     * nucleus is in none of them, so a draft never loses its nucleus.
     */
    private static void absorb(List<Draft> drafts, Draft incoming, int maxEpisodes, NeighbourGate gate) {
        Draft merged = incoming;
        for (var it = drafts.iterator(); it.hasNext(); ) {
            Draft existing = it.next();
            if (existing.meets(merged)) {
                Draft joined = existing.mergedWith(merged);
                if (joined.size() <= maxEpisodes && existing.admitsAlongside(merged, gate)) {
                    merged = joined;
                    it.remove();
                } else {
                    merged.dropAll(existing);
                }
            }
        }
        drafts.add(merged);
    }

    /** Whether a neighbour joins the cluster of a nucleus. */
    @FunctionalInterface
    public interface NeighbourGate {
        boolean admits(Episode neighbour, Episode nucleus);
    }

    private static final class Draft {
        private final Nucleus nucleus;
        private final int nucleusPosition;
        private final Map<String, Episode> members = new LinkedHashMap<>();
        /** The members plus the episodes right next to each of them. */
        private final Set<String> reach = new HashSet<>();

        private Draft(Nucleus nucleus, int nucleusPosition) {
            this.nucleus = nucleus;
            this.nucleusPosition = nucleusPosition;
        }

        /** Whether the gate admits the episodes of the weaker of the two drafts beside the stronger one's nucleus. */
        boolean admitsAlongside(Draft other, NeighbourGate gate) {
            Draft leader = nucleusPosition <= other.nucleusPosition ? this : other;
            Draft follower = leader == this ? other : this;
            Episode lead = leader.members.get(leader.nucleus.episodeId());
            return follower.members.values().stream()
                    .filter(episode -> !leader.members.containsKey(episode.getId()))
                    .allMatch(episode -> gate.admits(episode, lead));
        }

        static Draft of(
                Nucleus nucleus,
                int position,
                List<Episode> neighbourhood,
                int before,
                int after,
                NeighbourGate keepsNeighbour) {
            int at = indexOf(neighbourhood, nucleus.episodeId());
            if (at < 0) {
                return null;
            }
            Draft draft = new Draft(nucleus, position);
            for (int i = Math.max(0, at - before); i <= Math.min(neighbourhood.size() - 1, at + after); i++) {
                Episode episode = neighbourhood.get(i);
                if (i == at || keepsNeighbour.admits(episode, neighbourhood.get(at))) {
                    draft.members.putIfAbsent(episode.getId(), episode);
                    for (int j = Math.max(0, i - 1); j <= Math.min(neighbourhood.size() - 1, i + 1); j++) {
                        draft.reach.add(neighbourhood.get(j).getId());
                    }
                }
            }
            return draft;
        }

        private static int indexOf(List<Episode> episodes, String id) {
            for (int i = 0; i < episodes.size(); i++) {
                if (episodes.get(i).getId().equals(id)) {
                    return i;
                }
            }
            return -1;
        }

        boolean contains(String episodeId) {
            return members.containsKey(episodeId);
        }

        int size() {
            return members.size();
        }

        /** Gives up the episodes {@code other} holds (never this draft's own nucleus). */
        void dropAll(Draft other) {
            other.members.keySet().stream()
                    .filter(id -> !id.equals(nucleus.episodeId()))
                    .forEach(members::remove);
        }

        /** Overlapping or adjacent: one's reach includes a member of the other. */
        boolean meets(Draft other) {
            return other.members.keySet().stream().anyMatch(reach::contains)
                    || members.keySet().stream().anyMatch(other.reach::contains);
        }

        /** The better-ranked nucleus leads the merged cluster. */
        Draft mergedWith(Draft other) {
            Draft leader = nucleusPosition <= other.nucleusPosition ? this : other;
            Draft merged = new Draft(leader.nucleus, leader.nucleusPosition);
            merged.members.putAll(members);
            other.members.forEach(merged.members::putIfAbsent);
            merged.reach.addAll(reach);
            merged.reach.addAll(other.reach);
            return merged;
        }

        EpisodeCluster toCluster() {
            return new EpisodeCluster(
                    nucleus.episodeId(),
                    nucleus.score(),
                    members.values().stream().sorted(SESSION_ORDER).toList());
        }
    }
}
