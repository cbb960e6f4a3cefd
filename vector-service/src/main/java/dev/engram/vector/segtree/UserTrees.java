package dev.engram.vector.segtree;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The segment trees of recently searched users, one per session, kept in memory. They follow from durable
 * data, each episode's embeddings and time, so a user's trees are built from the index at the user's first
 * tree search and then kept up to date by every write: indexed episodes are inserted, deleted ones removed
 * from their trees. A write that meets trees being built waits for them; a write and a search of one user take
 * turns; when more users are held than allowed, one
 * is let go and built again when next searched.
 */
public final class UserTrees {

    private record Key(String project, String userId) {}

    private static final class Held {
        final Map<String, SegmentTree> sessions = new HashMap<>();
    }

    private final ConcurrentHashMap<Key, Held> held = new ConcurrentHashMap<>();
    private final SegTreeSettings settings;
    private final int maxUsers;

    public UserTrees(SegTreeSettings settings, int maxUsers) {
        this.settings = settings;
        this.maxUsers = maxUsers;
    }

    /** Runs {@code read} over the user's trees, built from {@code leaves} when they are not held. */
    public <T> T read(String project, String userId, Supplier<List<Leaf>> leaves, Function<List<SegmentTree>, T> read) {
        Held trees = held.computeIfAbsent(new Key(project, userId), key -> {
            Held built = new Held();
            leaves.get().stream()
                    .collect(Collectors.groupingBy(Leaf::sessionId))
                    .forEach((session, its) -> built.sessions.put(
                            session,
                            SegmentTree.of(
                                    its,
                                    settings.threshold(),
                                    settings.timeOrder() ? Leaf.SAID_ORDER : Leaf.SHUFFLED)));
            return built;
        });
        while (held.size() > maxUsers) {
            held.keySet().stream().findFirst().ifPresent(held::remove);
        }
        synchronized (trees) {
            return read.apply(new ArrayList<>(trees.sessions.values()));
        }
    }

    /** Episodes of the user were indexed (again); call after the store has them. */
    public void indexed(String project, String userId, Collection<Leaf> leaves) {
        // computeIfPresent waits for trees being built from the store, so no write slips between the two.
        held.computeIfPresent(new Key(project, userId), (key, trees) -> {
            synchronized (trees) {
                leaves.stream().collect(Collectors.groupingBy(Leaf::sessionId)).forEach((session, its) -> {
                    SegmentTree tree = trees.sessions.get(session);
                    trees.sessions.put(
                            session, tree == null ? SegmentTree.of(its, settings.threshold()) : tree.add(its));
                });
            }
            return trees;
        });
    }

    /** Episodes of the user were deleted: their leaves leave their trees. */
    public void removedEpisodes(String project, String userId, Collection<String> episodeIds) {
        held.computeIfPresent(new Key(project, userId), (key, trees) -> {
            synchronized (trees) {
                for (SegmentTree tree : trees.sessions.values()) {
                    episodeIds.forEach(tree::remove);
                }
                trees.sessions.values().removeIf(SegmentTree::isEmpty);
            }
            return trees;
        });
    }

    /** A session, or every session, of the user was deleted. */
    public void removed(String project, String userId, String sessionId) {
        if (sessionId.isEmpty()) {
            held.remove(new Key(project, userId));
            return;
        }
        held.computeIfPresent(new Key(project, userId), (key, trees) -> {
            synchronized (trees) {
                trees.sessions.remove(sessionId);
            }
            return trees;
        });
    }
}
